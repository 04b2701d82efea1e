import type { PgBoss } from 'pg-boss';

/**
 * Wakes this process's workers of a queue the moment this process sends a job to it, instead of
 * leaving the job to their next poll. With that, queues whose jobs are sent where they are worked
 * (scheduled runs, which the tick sends; the QuickBooks event pass, which a webhook asks for) or
 * by cron once a minute or less can poll every few seconds instead of every second: an idle server
 * with workers made about ten queries a second, which on a 2-core machine running ten of them (the
 * test suite) took a quarter of the processor (issue 27). A job sent by another process (a web
 * server with WORKERS=0 and `npm run worker`) still starts within its queue's polling interval.
 */
export function wakeWorkersOnSend(boss: PgBoss): void {
  const workersByQueue = new Map<string, Set<string>>();

  const work = boss.work.bind(boss) as (...args: unknown[]) => Promise<string>;
  boss.work = (async (name: string, ...rest: unknown[]) => {
    const id = await work(name, ...rest);
    let ids = workersByQueue.get(name);
    if (!ids) workersByQueue.set(name, (ids = new Set()));
    ids.add(id);
    return id;
  }) as PgBoss['work'];

  const send = boss.send.bind(boss) as (...args: unknown[]) => Promise<string | null>;
  boss.send = (async (nameOrRequest: string | { name: string }, ...rest: unknown[]) => {
    const id = await send(nameOrRequest, ...rest);
    const name = typeof nameOrRequest === 'string' ? nameOrRequest : nameOrRequest.name;
    // A stopped worker's id is ignored by pg-boss; a busy one polls again as soon as it is done.
    for (const workerId of workersByQueue.get(name) ?? []) boss.notifyWorker(workerId);
    return id;
  }) as PgBoss['send'];
}
