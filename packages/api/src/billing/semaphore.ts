export type Semaphore = { acquire(): Promise<() => void>; readonly inUse: number };

/** At most `limit` holders at once; the others wait in order. */
export function createSemaphore(limit: number): Semaphore {
  let inUse = 0;
  const waiting: Array<() => void> = [];
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else inUse -= 1;
  };
  return {
    get inUse() {
      return inUse;
    },
    acquire() {
      return new Promise<() => void>((resolve) => {
        const grant = () => {
          let released = false;
          resolve(() => {
            if (released) return;
            released = true;
            release();
          });
        };
        if (inUse < limit) {
          inUse += 1;
          grant();
        } else waiting.push(grant);
      });
    },
  };
}

export type RateWindow = { take(): Promise<void> };

/**
 * At most `limit` takes in any `windowMs`: bursts while the window has room, then waits for the
 * oldest take to leave it. QuickBooks allows 500 requests a minute per company and answers 429
 * beyond; pacing below that keeps large jobs from spending their retries on throttling.
 */
export function createRateWindow(limit: number, windowMs: number, sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))): RateWindow {
  const stamps: number[] = [];
  let chain: Promise<void> = Promise.resolve();
  return {
    take() {
      const turn = chain.then(async () => {
        for (;;) {
          const now = Date.now();
          while (stamps.length && stamps[0]! <= now - windowMs) stamps.shift();
          if (stamps.length < limit) {
            stamps.push(now);
            return;
          }
          await sleep(stamps[0]! + windowMs - now + 1);
        }
      });
      chain = turn.catch(() => undefined);
      return turn;
    },
  };
}
