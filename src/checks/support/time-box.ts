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
