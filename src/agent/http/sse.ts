import type { Response } from "express";

/** Writes JSON-RPC responses as one text/event-stream body (one `data:` line per event) and ends it. */
export function writeRpcEventStream(res: Response, id: string | number | null, results: unknown[]): void {
  res.status(200);
  res.setHeader("Content-Type", "text/event-stream");
  res.setHeader("Cache-Control", "no-cache");
  for (const result of results) {
    res.write(`data: ${JSON.stringify({ jsonrpc: "2.0", id, result })}\n\n`);
  }
  res.end();
}
