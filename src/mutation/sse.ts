/** One server-sent event as it came: its field lines, and its data joined (WHATWG HTML §9.2.6). */
export interface SseEvent {
  /** Every line but the data lines (id:, event:, retry:, comments), kept as they were. */
  otherLines: string[];
  data: string | undefined;
}

/** Cuts a byte stream into events at blank lines; keeps the unfinished tail for the next chunk. */
export class SseSplitter {
  private tail = "";

  /** The events completed by this chunk. */
  push(chunk: string): SseEvent[] {
    this.tail += chunk;
    const events: SseEvent[] = [];
    for (;;) {
      const m = /\r?\n\r?\n/.exec(this.tail);
      if (!m) break;
      const block = this.tail.slice(0, m.index);
      this.tail = this.tail.slice(m.index + m[0].length);
      if (block.trim()) events.push(parseBlock(block));
    }
    return events;
  }

  /** Whatever was left without a closing blank line, when the stream ends. */
  rest(): SseEvent | undefined {
    const block = this.tail;
    this.tail = "";
    return block.trim() ? parseBlock(block) : undefined;
  }

  /** Bytes held back, waiting for the end of an event. */
  get pending(): number {
    return this.tail.length;
  }
}

function parseBlock(block: string): SseEvent {
  const otherLines: string[] = [];
  const data: string[] = [];
  for (const line of block.split(/\r?\n/)) {
    if (line.startsWith("data:")) data.push(line.slice(5).replace(/^ /, ""));
    else otherLines.push(line);
  }
  return { otherLines, data: data.length ? data.join("\n") : undefined };
}

/** The wire form of an event: its other lines, then its data one line at a time. */
export function formatEvent(otherLines: readonly string[], data: string | undefined): string {
  const lines = [...otherLines];
  if (data !== undefined) for (const l of data.split("\n")) lines.push(`data: ${l}`);
  return `${lines.join("\n")}\n\n`;
}
