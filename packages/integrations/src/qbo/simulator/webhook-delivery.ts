import { randomUUID } from 'node:crypto';
import { classicWebhookBody, cloudEventsWebhookBody, signWebhookBody, type WebhookChange } from '../webhook-format';

// How Intuit delivers webhooks (reference §1.6-1.7, simulator checklist 1-9): one POST per batch of
// changes, signed with the app's verifier token, answered 200 within 3 s or retried on Intuit's
// schedule (0 s, 10 s, 20 s, 30 s, 5 min, 20 min, 2 h, 4 h, 6 h, then every 6 h), later batches held
// until the earlier one is acknowledged; and, as faults, batches dropped, sent twice or reordered.

export type WebhookMode = 'deliver' | 'drop' | 'duplicate' | 'reorder';

export type WebhookSettings = {
  /** Where to POST; null: no subscription, nothing is sent. */
  url: string | null;
  verifierToken: string;
  format: 'classic' | 'cloudevents';
  mode: WebhookMode;
  /** CloudEvents may come as application/cloudevents+json. */
  contentType: 'application/json' | 'application/cloudevents+json';
  /** Intuit's retry delays in ms; the last repeats. Tests shrink them. */
  retryScheduleMs: number[];
  /** Attempts before a batch is given up (the real horizon is not documented). */
  maxAttempts: number;
  /** An answer later than this is a failure. */
  timeoutMs: number;
  /** Fault: sign with a wrong token. */
  corruptSignature: boolean;
};

export const INTUIT_RETRY_SCHEDULE_MS = [
  0, 10_000, 20_000, 30_000, 300_000, 1_200_000, 7_200_000, 14_400_000, 21_600_000,
];

export type WebhookStats = {
  batches: number;
  delivered: number;
  failedAttempts: number;
  dropped: number;
  duplicated: number;
  gaveUp: number;
};

type Batch = { realmId: string; body: string; attempts: number };

export type WebhookDispatcher = {
  settings: WebhookSettings;
  readonly stats: WebhookStats;
  /** Queues the changes of one operation (one POST), if the realm is subscribed. */
  enqueue(realmId: string, changes: Array<Omit<WebhookChange, 'realmId'>>): void;
  /** Resolves once nothing is queued, held or in flight. */
  idle(): Promise<void>;
  /** Batches waiting (queued or held back for reordering). */
  pending(): number;
  stop(): void;
};

export function createWebhookDispatcher(options: {
  isSubscribed: (realmId: string) => boolean;
  settings?: Partial<WebhookSettings>;
}): WebhookDispatcher {
  const settings: WebhookSettings = {
    url: null,
    verifierToken: '',
    format: 'classic',
    mode: 'deliver',
    contentType: 'application/json',
    retryScheduleMs: INTUIT_RETRY_SCHEDULE_MS,
    maxAttempts: 30,
    timeoutMs: 3000,
    corruptSignature: false,
    ...options.settings,
  };
  const stats: WebhookStats = { batches: 0, delivered: 0, failedAttempts: 0, dropped: 0, duplicated: 0, gaveUp: 0 };
  const queue: Batch[] = [];
  let held: Batch[] = [];
  let heldTimer: NodeJS.Timeout | null = null;
  let running = false;
  let stopped = false;
  let retryTimer: NodeJS.Timeout | null = null;
  let idleWaiters: Array<() => void> = [];
  const source = `intuit.${randomUUID().replace(/-/g, '')}`;

  const isIdle = () => queue.length === 0 && held.length === 0 && !running;
  const wakeIdle = () => {
    if (!isIdle()) return;
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const resolve of waiters) resolve();
  };

  function bodyOf(realmId: string, changes: WebhookChange[]): string {
    if (settings.format === 'cloudevents')
      return cloudEventsWebhookBody(
        changes,
        (change) => `${randomUUID()}-${change.entityName}-${change.entityId}`,
        source,
      );
    return classicWebhookBody(realmId, changes);
  }

  async function post(batch: Batch): Promise<boolean> {
    if (!settings.url) return true;
    const token = settings.corruptSignature ? `${settings.verifierToken}-wrong` : settings.verifierToken;
    try {
      const response = await fetch(settings.url, {
        method: 'POST',
        headers: { 'content-type': settings.contentType, 'intuit-signature': signWebhookBody(token, batch.body) },
        body: batch.body,
        signal: AbortSignal.timeout(settings.timeoutMs),
      });
      await response.arrayBuffer().catch(() => undefined);
      return response.status === 200;
    } catch {
      return false;
    }
  }

  async function run(): Promise<void> {
    if (running || stopped || retryTimer) return;
    running = true;
    try {
      while (queue.length > 0 && !stopped) {
        const batch = queue[0]!;
        batch.attempts += 1;
        if (await post(batch)) {
          stats.delivered += 1;
          queue.shift();
          continue;
        }
        stats.failedAttempts += 1;
        if (batch.attempts >= settings.maxAttempts) {
          stats.gaveUp += 1;
          queue.shift();
          continue;
        }
        // Head-of-line: nothing later goes out until this one is acknowledged.
        const schedule = settings.retryScheduleMs;
        const wait = schedule[Math.min(batch.attempts, schedule.length - 1)] ?? 0;
        retryTimer = setTimeout(() => {
          retryTimer = null;
          void run();
        }, wait);
        retryTimer.unref?.();
        running = false;
        return;
      }
    } finally {
      if (!retryTimer) running = false;
      wakeIdle();
    }
  }

  function release(batches: Batch[]): void {
    queue.push(...batches);
    void run();
  }

  return {
    settings,
    get stats() {
      return stats;
    },
    enqueue(realmId, changes) {
      if (changes.length === 0 || !settings.url || !options.isSubscribed(realmId)) return;
      stats.batches += 1;
      const batch: Batch = {
        realmId,
        body: bodyOf(
          realmId,
          changes.map((change) => ({ ...change, realmId })),
        ),
        attempts: 0,
      };
      switch (settings.mode) {
        case 'drop':
          stats.dropped += 1;
          return;
        case 'duplicate':
          stats.duplicated += 1;
          release([batch, { ...batch }]);
          return;
        case 'reorder': {
          // Held until a later batch comes (then both go, newest first), or for at most a second.
          held.push(batch);
          if (held.length >= 2) {
            const reversed = held.reverse();
            held = [];
            if (heldTimer) clearTimeout(heldTimer);
            heldTimer = null;
            release(reversed);
          } else {
            heldTimer = setTimeout(() => {
              heldTimer = null;
              const pendingHeld = held;
              held = [];
              release(pendingHeld);
            }, 1000);
            heldTimer.unref?.();
          }
          return;
        }
        default:
          release([batch]);
      }
    },
    idle: () =>
      isIdle() && !retryTimer ? Promise.resolve() : new Promise<void>((resolve) => idleWaiters.push(resolve)),
    pending: () => queue.length + held.length,
    stop() {
      stopped = true;
      if (retryTimer) clearTimeout(retryTimer);
      if (heldTimer) clearTimeout(heldTimer);
      queue.length = 0;
      held = [];
      running = false;
      wakeIdle();
    },
  };
}
