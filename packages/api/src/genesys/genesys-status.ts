import { AppError } from '../errors';
import type { GenesysService } from '../integrations';
import type { AppServices } from '../services';
import { VOICE_MEDIA_TYPE } from '../shared/genesys';
import { getOrganizationSettings } from '../settings/organization-settings';
import type { GenesysAreaService } from './service';

/** The Genesys service, or a 502 saying it is not configured. */
export function requireGenesys(services: AppServices): GenesysService {
  const service = services.integrations.genesys;
  if (!service) throw new AppError('BAD_GATEWAY', 'Genesys Cloud is not configured');
  return service;
}

/** Whether the service is the server's full Genesys area (pulls, directory sync, wrap-up codes). */
export const isGenesysArea = (service: GenesysService): service is GenesysAreaService => 'testConnection' in service;

/** What the Genesys screen's header shows: the connection, the company timezone and what is stored. */
export async function genesysStatus(services: AppServices) {
  const { db } = services;
  const service = services.integrations.genesys;
  const [status, settings, totalUsers, totalQueues, totalCallRecords, totalVoiceCallRecords] = await Promise.all([
    service
      ? service.status()
      : Promise.resolve({ isConnected: false, tokenExpiresAt: null, lastError: 'Genesys Cloud is not configured' }),
    getOrganizationSettings(db),
    db.genesysUser.count(),
    db.genesysQueue.count(),
    db.callRecord.count(),
    db.callRecord.count({ where: { mediaType: VOICE_MEDIA_TYPE } }),
  ]);
  return {
    isConnected: status.isConnected,
    tokenExpiresAt: status.tokenExpiresAt ? status.tokenExpiresAt.toISOString() : null,
    simulated: services.config.simulated.genesys,
    lastError: status.lastError,
    timezone: settings.timezone,
    totalUsers,
    totalQueues,
    totalCallRecords,
    totalVoiceCallRecords,
  };
}

/** Authenticates with Genesys and counts users and queues; any failure is a 502 with its reason. */
export async function testGenesysConnection(services: AppServices) {
  const service = requireGenesys(services);
  try {
    let userCount: number;
    let queueCount: number;
    if (isGenesysArea(service)) {
      ({ userCount, queueCount } = await service.testConnection());
      // Keep the stored directory in step with what we just saw.
      await service.syncDirectory().catch(() => undefined);
    } else {
      queueCount = (await service.listQueues({ refresh: true })).length;
      userCount = await services.db.genesysUser.count();
    }
    return { message: `Connected to Genesys Cloud: ${userCount} users, ${queueCount} queues`, userCount, queueCount };
  } catch (error) {
    throw new AppError('BAD_GATEWAY', `Connection test failed: ${(error as Error).message}`);
  }
}
