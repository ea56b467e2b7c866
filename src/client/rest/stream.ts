import { sseDataInBody } from "../../net/sse-parser.js";
import type { TimedSseEvent } from "../../net/http-hop.js";
import { tryParseJson } from "../../net/json.js";
import { streamQuietLimit, unparsedEvent } from "../stream-events.js";
import { normalizeReply } from "../../protocol/normalize.js";
import type { Reply } from "../../protocol/model.js";
import type { ClientContext, ClientTarget, StreamOutcome } from "../types.js";
import { decodeRestError, errorFromJson } from "./errors.js";
import { rawBody, sendRest } from "./exchange.js";
import type { RestRequest, Sent } from "./exchange.js";

type Failure = NonNullable<StreamOutcome["failure"]>;

/** Collects events as they arrive, so the caller's listener and the outcome see the same order. */
class EventCollector {
  readonly events: Reply[] = [];
  readonly rawEvents: unknown[] = [];
  readonly arrivalsMs: number[] = [];
  readonly invalidEvents: string[] = [];
  readonly errors: StreamOutcome["errors"] = [];
  #count = 0;

  constructor(
    private readonly url: string,
    private readonly listener?: (event: Reply, raw: unknown) => void,
  ) {}

  /**
   * Over REST each `data` is a bare StreamResponse (1.0) or its 0.3 proto JSON (A2A 1.0 §3.5, §11.7).
   * Errors inside a stream are unspecified for REST (A2A#1262); the JS SDKs send `event: error`
   * with the same body as an error response.
   */
  add(event: TimedSseEvent): void {
    const n = ++this.#count;
    const parsed = tryParseJson(event.data, this.url);
    if (!parsed.ok) {
      this.invalidEvents.push(unparsedEvent(n, event.data, parsed.error));
      return;
    }
    const reply = event.event === "error" ? undefined : normalizeReply(parsed.value);
    if (reply) {
      this.events.push(reply);
      this.rawEvents.push(parsed.value);
      this.arrivalsMs.push(event.at_ms);
      this.listener?.(reply, parsed.value);
      return;
    }
    const error = errorFromJson(parsed.value);
    if (error) this.errors.push(error);
    else
      this.invalidEvents.push(
        `event ${n}: not a StreamResponse (task, message, statusUpdate or artifactUpdate)`,
      );
  }
}

function failed(failure: Failure, contentType = ""): StreamOutcome {
  const message = failure.kind === "unreachable" ? failure.error.message : undefined;
  return {
    failure,
    events: [],
    rawEvents: [],
    invalidEvents: [],
    errors: [],
    contentType,
    end: {
      reason: failure.kind === "unreachable" && failure.error.rule === "aborted" ? "aborted" : "error",
      ...(message ? { message } : {}),
    },
    arrivalsMs: [],
    trafficIds: failure.trafficIds,
  };
}

/**
 * What a non-stream reply to a streaming call means: always a refusal. An error status, or a 2xx JSON
 * error (a2a-rs#134 style), is an error; any other body is a reply that broke the binding.
 */
function refusal(sent: Sent & { ok: true }): Failure {
  const { http, trafficIds } = sent;
  const raw = rawBody(http);
  if (http.status >= 400) {
    const error = decodeRestError(http.status, http.contentType, http.body, http.url);
    return { ok: false, kind: "error", error, raw, trafficIds };
  }
  const error = errorFromJson(raw, http.status);
  if (error) return { ok: false, kind: "error", error, raw, trafficIds };
  const type = http.contentType || "no content type";
  const reason = `HTTP ${http.status} ${type} reply to a streaming call (expected text/event-stream)`;
  return { ok: false, kind: "invalid", reason, raw, trafficIds };
}

/**
 * Runs one streaming request (message:stream, tasks/{id}:subscribe) and reports the stream as it arrived;
 * `messageStream` marks the answer to a message (see streamQuietLimit).
 */
export async function streamRest(
  target: ClientTarget,
  ctx: ClientContext,
  req: RestRequest,
  listener?: (event: Reply, raw: unknown) => void,
  messageStream = false,
): Promise<StreamOutcome> {
  const collector = new EventCollector(req.url, listener);
  const sent = await sendRest(target, ctx, req, {
    idleMs: streamQuietLimit(ctx, messageStream),
    onEvent: (event) => collector.add(event),
  });
  if (!sent.ok)
    return failed({ ok: false, kind: "unreachable", error: sent.error, trafficIds: sent.trafficIds });
  const { http } = sent;
  // Read leniently: SSE frames under another Content-Type (or none) are the events they carry;
  // streaming.content-type reports the header once.
  const framed =
    http.status < 400 && http.contentType !== "text/event-stream" ? sseDataInBody(http.body) : undefined;
  for (const data of framed ?? []) {
    // A listener that stops reading (it throws) ends the events here, as it ends a live stream.
    try {
      collector.add({ at_ms: http.ms, data });
    } catch {
      break;
    }
  }
  if (!framed && (http.status >= 400 || http.contentType !== "text/event-stream")) {
    return failed(refusal(sent), http.contentType);
  }
  return {
    events: collector.events,
    rawEvents: collector.rawEvents,
    invalidEvents: collector.invalidEvents,
    errors: collector.errors,
    contentType: http.contentType,
    end: http.streamEnd ?? { reason: "closed" },
    arrivalsMs: collector.arrivalsMs,
    trafficIds: sent.trafficIds,
  };
}

/** Whether a refused subscribe means "no such route for this verb" (so the other verb is worth trying). */
export function verbRefused(outcome: StreamOutcome): boolean {
  const failure = outcome.failure;
  if (failure?.kind !== "error") return false;
  const status = failure.error.httpStatus;
  // A 404 that names an A2A error (TaskNotFound) is an answer, not a missing route.
  return status === 405 || (status === 404 && failure.error.code === 0);
}
