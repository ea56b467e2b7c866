import type { RunHeadRow } from "./store/rows.js";

/**
 * The JSON bodies of finished runs, kept in memory so GET /api/runs/{id} does not read and re-encode a large
 * result on every request (bench: 500 traffic entries, p50 under 10 ms). A finished run's result is written
 * once (Store.finishRun and Store.endUnfinishedRun only move a queued or running run) and already redacted then; the entry
 * is used only while the row still has the same status and finished_at, so a deleted or re-finished run is
 * read afresh. Bounded by bytes; the least recently used body goes first.
 */
export class FinishedRunBodies {
  private readonly entries = new Map<string, { key: string; body: Buffer }>();
  private bytes = 0;

  constructor(private readonly budgetBytes = 64 * 1024 * 1024) {}

  private static keyOf(head: RunHeadRow): string {
    return `${head.status} ${head.finished_at ?? ""} ${head.attempts}`;
  }

  /** The body stored for this run, when it was stored for the same finish. */
  get(head: RunHeadRow): Buffer | undefined {
    const entry = this.entries.get(head.id);
    if (!entry) return undefined;
    this.entries.delete(head.id);
    if (entry.key !== FinishedRunBodies.keyOf(head)) {
      this.bytes -= entry.body.length;
      return undefined;
    }
    this.entries.set(head.id, entry); // most recently used last
    return entry.body;
  }

  /** Keeps the body of a finished run; a body larger than a quarter of the budget is not kept. */
  put(head: RunHeadRow, body: Buffer): void {
    if (body.length > this.budgetBytes / 4) return;
    this.forget(head.id);
    this.entries.set(head.id, { key: FinishedRunBodies.keyOf(head), body });
    this.bytes += body.length;
    for (const [id, entry] of this.entries) {
      if (this.bytes <= this.budgetBytes) break;
      this.entries.delete(id);
      this.bytes -= entry.body.length;
    }
  }

  forget(id: string): void {
    const entry = this.entries.get(id);
    if (!entry) return;
    this.entries.delete(id);
    this.bytes -= entry.body.length;
  }
}
