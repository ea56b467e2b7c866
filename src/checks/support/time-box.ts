/**
 * The value of `work` if it settles within `ms`, else undefined: a check keeps within its own budget when a
 * wait it depends on could outlast it. The losing timer is cleared, so a finished run's process is not kept
 * alive by it; the work itself goes on (a shared fixture finishes for the checks that wait on it).
 */
export async function settledWithin<T>(work: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const giveUp = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  return Promise.race([work, giveUp]).finally(() => clearTimeout(timer));
}

/**
 * The value of `work` if it settles while it keeps making progress: the wait ends `quietMs` after the last
 * progress (`progressCount` grew), or at `capMs` in all, whichever comes first; undefined then. A task that
 * reports its work as it goes is followed to its end, one that falls silent is not waited for.
 */
export async function settledWhileProgressing<T>(
  work: Promise<T>,
  progressCount: () => number,
  { quietMs, capMs }: { quietMs: number; capMs: number },
): Promise<T | undefined> {
  const started = Date.now();
  let seen = progressCount();
  let lastProgress = started;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const giveUp = new Promise<undefined>((resolve) => {
    const tick = (): void => {
      const now = Date.now();
      const count = progressCount();
      if (count !== seen) [seen, lastProgress] = [count, now];
      if (now - lastProgress >= quietMs || now - started >= capMs) resolve(undefined);
      else timer = setTimeout(tick, Math.min(100, quietMs));
    };
    timer = setTimeout(tick, Math.min(100, quietMs));
  });
  return Promise.race([work, giveUp]).finally(() => clearTimeout(timer));
}
