/** A secret shorter than this cannot be redacted from text safely: it would miss it or erase ordinary words. */
export const MIN_SECRET_LENGTH = 8;

/**
 * Conformance checks at once when neither --concurrency nor the test says: most of a check's time is spent
 * waiting on the agent (a task working, a stream open, a watch window), so the bounded waits of several
 * checks overlap rather than queue. Twelve keep a real agent's load modest (each check holds one or two
 * requests at a time); with two bindings the suite on an agent whose tasks take 0.6 s went from 4.4 s at
 * eight to 3.4 s.
 */
export const conformanceDefaults = { concurrency: 12 } as const;

/** Red-team defaults: three attempts per attack, every pack. */
export const redteamDefaults = { attempts: 3 } as const;
