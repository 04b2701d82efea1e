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
