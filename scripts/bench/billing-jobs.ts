// A billing job as the start screen creates it (its customers listed, DocNumbers drawn for a real
// run), for the billing benches to time the runner on.
import { docNumberFor } from '../../packages/api/src/billing/invoice-body';
import { newJobCode } from '../../packages/api/src/billing/start-job';
import type { Database } from '../../packages/db/src/client';

export const silentLogger = { info() {}, warn() {}, error() {}, debug() {} };

export async function createJob(
  db: Database,
  type: 'DRY_RUN' | 'MANUAL',
  start: string,
  end: string,
  queueNames: string[],
): Promise<string> {
  const code = newJobCode();
  const job = await db.billingJob.create({
    data: {
      jobId: code,
      type,
      queueName: queueNames,
      startDate: new Date(`${start}T00:00:00Z`),
      endDate: new Date(`${end}T00:00:00Z`),
    },
  });
  const profiles = await db.customerProfile.findMany({
    where: { isActive: true, genesysQueueNames: { hasSome: queueNames } },
    select: { id: true, qboDisplayName: true },
    orderBy: { qboDisplayName: 'asc' },
  });
  await db.billingJobCustomer.createMany({
    data: profiles.map((profile, index) => ({
      billingJobId: job.id,
      profileId: profile.id,
      customerName: profile.qboDisplayName,
      periodStart: job.startDate,
      periodEnd: job.endDate,
      docNumber: type === 'DRY_RUN' ? null : docNumberFor(code, index + 1),
    })),
  });
  await db.billingJob.update({ where: { id: job.id }, data: { totalClients: profiles.length } });
  return job.id;
}
