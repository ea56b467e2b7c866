import type http from "node:http";
import { formatEvent, SseSplitter } from "./sse.js";
import type { Exchange, MutationHooks, MutationMemory } from "./types.js";

/** What the relay of one event stream needs from its proxy: the hooks, their memory, and the count. */
export interface StreamRelayContext {
  /** The mutation's hooks for this exchange; none when it leaves the stream alone. */
  hooks: MutationHooks | undefined;
  memory: MutationMemory;
  /** Called once per change the mutation makes (a content type, a framing, an event, an early end). */
  applied(): void;
  /** A stream whose unterminated event grows past this many bytes is cut. */
  maxEventBytes: number;
}

/**
 * Relays an agent's event stream to the client event by event, each through the mutation's hooks: the
 * content type, the framing of each event, the events themselves (rewritten, added, dropped, or the stream
 * ended early). A client that drops its stream drops the agent's too, as it would without the proxy.
 */
export function relayStream(
  ctx: StreamRelayContext,
  x: Exchange,
  up: http.IncomingMessage,
  res: http.ServerResponse,
  headers: http.OutgoingHttpHeaders,
  contentType: string,
): void {
  const m = ctx.hooks;
  const mutatedType = m?.streamContentType?.(contentType, x);
  if (mutatedType !== undefined && mutatedType !== contentType) ctx.applied();
  const type = mutatedType ?? contentType;
  // An empty type is no header at all (seen at first sight: an event stream with no Content-Type).
  const { "content-type": _upstream, ...others } = headers;
  res.writeHead(up.statusCode ?? 200, type === "" ? others : { ...others, "content-type": type });
  const splitter = new SseSplitter();
  let ended = false;
  const write = (otherLines: string[], data: string | undefined): void => {
    const framed = m?.sseFraming?.({ otherLines, data }, x);
    if (framed) ctx.applied();
    res.write(formatEvent(framed?.otherLines ?? otherLines, framed ? framed.data : data));
  };
  const emit = (otherLines: string[], data: string | undefined): void => {
    if (ended) return;
    if (data === undefined || !m?.event) {
      write(otherLines, data);
      return;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(data);
    } catch {
      write(otherLines, data);
      return;
    }
    const out = m.event(structuredClone(parsed), x, ctx.memory);
    if (!out) {
      write(otherLines, data);
      return;
    }
    if (out.end || JSON.stringify(out.events) !== JSON.stringify([parsed])) ctx.applied();
    for (const e of out.events) write(otherLines, JSON.stringify(e));
    if (out.end) {
      ended = true;
      res.end();
      up.destroy();
    }
  };
  up.setEncoding("utf8");
  up.on("data", (chunk: string) => {
    for (const e of splitter.push(chunk)) emit(e.otherLines, e.data);
    if (splitter.pending > ctx.maxEventBytes) {
      up.destroy();
      res.destroy();
    }
  });
  up.on("end", () => {
    const last = splitter.rest();
    if (last) emit(last.otherLines, last.data);
    if (!ended) res.end();
  });
  up.on("error", () => {
    ended = true;
    res.destroy();
  });
  res.on("close", () => {
    if (res.writableFinished || ended) return;
    ended = true;
    up.destroy();
    m?.streamDropped?.(x, ctx.memory);
  });
}
