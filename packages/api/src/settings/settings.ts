import type { Database } from '@phone-billing/db';
import { recordAudit } from '../auth/audit';
import { changedFields } from '../auth/audit-changes';
import { lockForVersionedSave, versionStamp } from '../row-versions';
import type { AppConfig, AuthUser } from '../services';
import { notify } from '../notifications';
import type { TSettings, TUpdateSettingsRequest } from '../shared/settings';
import { getOrganizationSettings } from './organization-settings';
import { recomputeAllNextRuns } from '../customer-profiles/schedule';

type SettingsRow = Awaited<ReturnType<typeof getOrganizationSettings>>;

/** A decimal as text with at least two decimals ("1.00", "0.0125"). */
function rateText(value: { toString(): string; decimalPlaces(): number; toFixed(places?: number): string }): string {
  return value.decimalPlaces() < 2 ? value.toFixed(2) : value.toString();
}

/** The settings as GET /settings answers them; database and log level come from the server. */
export function settingsView(row: SettingsRow, config: Pick<AppConfig, 'databaseKind' | 'logLevel'>): TSettings {
  return {
    timezone: row.timezone,
    currency: row.currency,
    defaultRatePerMinute: rateText(row.defaultRatePerMinute),
    billingIncrementSeconds: row.billingIncrementSeconds,
    reviewInvoicesBeforeSending: row.reviewInvoicesBeforeSending,
    killSwitch: {
      enabled: row.killSwitchEnabled,
      reason: row.killSwitchReason,
      changedBy: row.killSwitchChangedBy,
      changedAt: row.killSwitchChangedAt?.toISOString() ?? null,
    },
    notifications: {
      billingFailures: row.notifyBillingFailures,
      integrationIssues: row.notifyIntegrationIssues,
      killSwitchChanges: row.notifyKillSwitchChanges,
    },
    security: { signOutIdleSessions: row.signOutIdleSessions, signOutOnPasswordChange: row.signOutOnPasswordChange },
    system: {
      database: config.databaseKind,
      logLevel: config.logLevel || row.logLevel,
      logRetention: row.logRetention,
    },
    version: row.version,
  };
}

export async function readSettings(
  db: Database,
  config: Pick<AppConfig, 'databaseKind' | 'logLevel'>,
): Promise<TSettings> {
  return settingsView(await getOrganizationSettings(db), config);
}

type ParsedUpdate = {
  /** The version the change was based on; a stale one is a 409 (row-versions.ts). */
  version?: number;
  timezone?: string;
  defaultRatePerMinute?: string;
  billingIncrementSeconds?: 60 | 6 | 1;
  reviewInvoicesBeforeSending?: boolean;
  killSwitch?: { enabled: boolean; reason?: string | null };
  notifications?: TUpdateSettingsRequest['notifications'];
  security?: TUpdateSettingsRequest['security'];
};

/**
 * Merges a partial update into the stored settings: fields not given stay as they were. Changing
 * the kill switch records who and when, audits it and rings the header bell.
 */
export async function updateSettings(
  db: Database,
  actor: AuthUser,
  input: ParsedUpdate,
  config: Pick<AppConfig, 'databaseKind' | 'logLevel'>,
  now = new Date(),
): Promise<TSettings> {
  const before = await getOrganizationSettings(db);
  const data: Record<string, unknown> = {};
  if (input.timezone !== undefined) data.timezone = input.timezone;
  if (input.defaultRatePerMinute !== undefined) data.defaultRatePerMinute = input.defaultRatePerMinute;
  if (input.billingIncrementSeconds !== undefined) data.billingIncrementSeconds = input.billingIncrementSeconds;
  if (input.reviewInvoicesBeforeSending !== undefined)
    data.reviewInvoicesBeforeSending = input.reviewInvoicesBeforeSending;
  const n = input.notifications;
  if (n?.billingFailures !== undefined) data.notifyBillingFailures = n.billingFailures;
  if (n?.integrationIssues !== undefined) data.notifyIntegrationIssues = n.integrationIssues;
  if (n?.killSwitchChanges !== undefined) data.notifyKillSwitchChanges = n.killSwitchChanges;
  const s = input.security;
  if (s?.signOutIdleSessions !== undefined) data.signOutIdleSessions = s.signOutIdleSessions;
  if (s?.signOutOnPasswordChange !== undefined) data.signOutOnPasswordChange = s.signOutOnPasswordChange;

  const kill = input.killSwitch;
  const reason = kill?.reason?.trim() || null;
  const killSwitchChanged =
    kill !== undefined &&
    (kill.enabled !== before.killSwitchEnabled || (kill.enabled && reason !== before.killSwitchReason));
  if (kill && killSwitchChanged) {
    data.killSwitchEnabled = kill.enabled;
    // The reason belongs to this change (turning it off may give one too); the audit log keeps the history.
    data.killSwitchReason = reason;
    data.killSwitchChangedBy = actor.email;
    data.killSwitchChangedAt = now;
  }

  const after = Object.keys(data).length
    ? await db.$transaction(async (tx) => {
        await lockForVersionedSave(tx, 'organization_settings', 1, input.version);
        return tx.organizationSettings.update({ where: { id: 1 }, data: { ...data, ...versionStamp(actor, now) } });
      })
    : before;

  const changedKeys = Object.keys(data).filter((key) => !key.startsWith('killSwitch')) as Array<
    keyof SettingsRow & string
  >;
  const changes = changedFields(before, after, changedKeys);
  if (changes.length) {
    await recordAudit(db, { actor, action: 'settings.updated', target: 'organization-settings', details: { changes } });
  }
  // Bill times are wall-clock times in the company timezone, so every next run moves with it.
  if (changes.some((change) => change.field === 'timezone')) await recomputeAllNextRuns(db, after.timezone, now);
  if (kill && killSwitchChanged) {
    const state = kill.enabled ? 'on' : 'off';
    await recordAudit(db, {
      actor,
      action: 'settings.kill-switch',
      target: state,
      details: { enabled: kill.enabled, reason },
    });
    await notify(db, {
      kind: 'kill-switch',
      message: kill.enabled
        ? `Kill switch turned on by ${actor.email}: billing is paused${reason ? ` (${reason})` : ''}`
        : `Kill switch turned off by ${actor.email}: billing can run again`,
      link: '/settings',
    });
  }
  return settingsView(after, config);
}
