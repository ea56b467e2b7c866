import { mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import type { RunResult } from "../../model/result.js";
import type { TrafficEntry, TrafficEvent } from "../../model/traffic.js";
import { codecOfPath } from "../../client/grpc/codec-by-path.js";
import type { JsonObject } from "../../model/json.js";
import { configError } from "../errors.js";
import type { StoredModelCall } from "./model-calls.js";
import type { AttemptSeeds } from "../../redteam/attempt-input.js";
import { HONEYPOT_LABEL } from "../../redteam/honeypot.js";

/*
 * A cassette: everything one run of a test exchanged with its agent and its models, enough to run the test
 * again offline (docs/config.md "Record and replay"). It holds no request headers and no secrets: the
 * traffic comes from the result, already redacted, and the model calls are redacted on write.
 */

export interface CassetteExchange {
  method: string;
  /** The recorded agent's origin this exchange went to (rewritten to the stand-in's on replay). */
  origin: string;
  /** Path and query. */
  path: string;
  request_body?: string;
  status?: number;
  response_headers?: Record<string, string>;
  response_body?: string;
  events?: TrafficEvent[];
  /** No response came (refused, reset, timed out): replayed as a connection closed without one. */
  error?: string;
  /**
   * gRPC only (origin `grpc://` or `grpcs://`, method and path the RPC's, status the gRPC status): each
   * response message as the agent sent it, base64, its strings redacted as the recording's traffic is.
   */
  messages?: string[];
}

/** A push notification the agent sent to the run's webhook: replayed to the webhook the replay sets up. */
export interface CassetteWebhook {
  url: string;
  body: string;
  /** Its headers, credentials among them redacted (the replay fills them from the push config it is given). */
  headers: Record<string, string>;
}

export interface Cassette {
  format: "plainwright-cassette";
  version: 1;
  tool_version: string;
  recorded_at: string;
  test: { kind: string; name?: string; source?: string; agent_url: string };
  exchanges: CassetteExchange[];
  webhooks: CassetteWebhook[];
  model_calls: StoredModelCall[];
  /** A red-team run's random values per attempt (`attack id#attempt`), given again on replay. */
  redteam_seeds?: Record<string, AttemptSeeds>;
  /** The honeypot paths the agent fetched during a red-team run: fetched again, as it were, on replay. */
  honeypot_hits?: string[];
  /** What the recording could not keep (cut bodies, events left out): replaying them would not be faithful. */
  gaps: string[];
}

/** The file a test's cassette is kept in: one per test, named by the test (or by its kind for flags). */
export function cassetteFile(dir: string, test: { name?: string; kind: string }): string {
  const stem = (test.name ?? test.kind)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80);
  return join(dir, `${stem || "test"}.cassette.json`);
}

/** What came back for an exchange, as the cassette keeps it: the same fields for HTTP and gRPC. */
function answerOf(entry: TrafficEntry): Partial<CassetteExchange> {
  return {
    ...(entry.status !== undefined ? { status: entry.status } : {}),
    ...(entry.response_headers ? { response_headers: entry.response_headers } : {}),
    ...(entry.response_body !== undefined ? { response_body: entry.response_body } : {}),
    ...(entry.events?.length ? { events: entry.events } : {}),
    ...(entry.status === undefined ? { error: entry.error?.message ?? "no response" } : {}),
  };
}

/**
 * A gRPC exchange as the cassette keeps it: the request in the form a replay reads off the wire, and the
 * response messages' bytes (`wireOf`, from the recording's traffic log), redacted; a gap when they cannot be.
 */
function grpcExchange(
  entry: TrafficEntry,
  wire: readonly Buffer[] | undefined,
  redact: (text: string) => string,
): CassetteExchange | string {
  const what = `gRPC ${entry.method} to ${entry.url}`;
  const codec = codecOfPath(entry.method);
  if (!codec) return `${what}: not an RPC Plainwright calls`;
  let request: unknown;
  try {
    request = codec.readRequest(codec.encode(JSON.parse(entry.request_body ?? "{}") as JsonObject).bytes);
  } catch {
    return `${what}: the request could not be read back`;
  }
  const expected = codec.streaming ? (entry.events?.length ?? 0) : entry.status === 0 ? 1 : 0;
  if ((wire?.length ?? 0) < expected) return `${what}: its response messages were not kept`;
  const messages = (wire ?? []).slice(0, expected).map((bytes) => {
    try {
      return codec.rewriteResponse(bytes, redact).toString("base64");
    } catch {
      // Not the expected message: kept as sent, any secret's text taken out.
      return Buffer.from(redact(bytes.toString("latin1")), "latin1").toString("base64");
    }
  });
  return {
    method: entry.method,
    origin: entry.url,
    path: entry.method,
    request_body: JSON.stringify(request),
    ...answerOf(entry),
    ...(messages.length > 0 ? { messages } : {}),
  };
}

/**
 * Builds a cassette from a finished run's (redacted) traffic, the gRPC messages its traffic log kept as
 * bytes (`wireOf`), and the model calls it made.
 */
export function cassetteOf(
  result: RunResult,
  test: Cassette["test"],
  modelCalls: readonly StoredModelCall[],
  redact: (text: string) => string,
  wireOf: (trafficId: string) => readonly Buffer[] | undefined = () => undefined,
  redteamSeeds: Readonly<Record<string, AttemptSeeds>> = {},
): Cassette {
  const gaps: string[] = [];
  const honeypotHits: string[] = [];
  const exchanges: CassetteExchange[] = [];
  const webhooks: CassetteWebhook[] = [];
  for (const entry of result.traffic) {
    if (entry.label === HONEYPOT_LABEL) {
      honeypotHits.push(new URL(entry.url).pathname);
      continue;
    }
    if (entry.label === "webhook (received)") {
      const kept = ["content-type", "authorization", "x-a2a-notification-token"];
      webhooks.push({
        url: entry.url,
        body: entry.request_body ?? "",
        headers: Object.fromEntries(
          Object.entries(entry.request_headers).filter(([n]) => kept.includes(n.toLowerCase())),
        ),
      });
      continue;
    }
    if (/^grpcs?:\/\//i.test(entry.url)) {
      if (entry.events_omitted)
        gaps.push(
          `gRPC ${entry.method} to ${entry.url}: ${entry.events_omitted} stream messages were left out`,
        );
      const kept = grpcExchange(entry, wireOf(entry.id), redact);
      if (typeof kept === "string") gaps.push(kept);
      else exchanges.push(kept);
      continue;
    }
    if (entry.body_truncated) gaps.push(`${entry.method} ${entry.url}: the response body was cut`);
    if (entry.events_omitted)
      gaps.push(`${entry.method} ${entry.url}: ${entry.events_omitted} stream events were left out`);
    const url = new URL(entry.url);
    exchanges.push({
      method: entry.method,
      origin: url.origin,
      path: `${url.pathname}${url.search}`,
      ...(entry.request_body !== undefined ? { request_body: entry.request_body } : {}),
      ...answerOf(entry),
    });
  }
  return {
    format: "plainwright-cassette",
    version: 1,
    tool_version: result.tool.version,
    recorded_at: result.started_at,
    test,
    exchanges,
    webhooks,
    model_calls: modelCalls.map((c) => ({
      ...c,
      text: redact(c.text),
      ...(c.object !== undefined ? { object: JSON.parse(redact(JSON.stringify(c.object))) as unknown } : {}),
    })),
    gaps,
    ...(Object.keys(redteamSeeds).length > 0 ? { redteam_seeds: { ...redteamSeeds } } : {}),
    ...(honeypotHits.length > 0 ? { honeypot_hits: honeypotHits } : {}),
  };
}

export async function writeCassette(file: string, cassette: Cassette): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, `${JSON.stringify(cassette, null, 2)}\n`);
}

/**
 * Reads the cassette a test would replay, and refuses one that is not this test's recording: another
 * test or kind, another Plainwright version (its checks may ask other questions), or one with gaps.
 */
export async function readCassette(
  file: string,
  test: { kind: string; name?: string },
  toolVersion: string,
): Promise<Cassette> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch {
    throw configError(`--replay: no cassette ${file} for this test (record it with --record)`);
  }
  let cassette: Cassette;
  try {
    cassette = JSON.parse(text) as Cassette;
  } catch {
    throw configError(`--replay: ${file} is not JSON`);
  }
  if (
    cassette?.format !== "plainwright-cassette" ||
    cassette.version !== 1 ||
    !Array.isArray(cassette.exchanges)
  )
    throw configError(
      `--replay: ${file} is not a Plainwright cassette (format plainwright-cassette, version 1)`,
    );
  const refuse = (why: string) =>
    configError(`--replay: ${file} does not fit this test: ${why}; record it again`);
  if (cassette.test.kind !== test.kind)
    throw refuse(`it holds a ${cassette.test.kind} run, this test is ${test.kind}`);
  if ((cassette.test.name ?? "") !== (test.name ?? ""))
    throw refuse(`it holds the test "${cassette.test.name ?? ""}", this is "${test.name ?? ""}"`);
  if (cassette.tool_version !== toolVersion)
    throw refuse(
      `it was recorded by Plainwright ${cassette.tool_version}, this is ${toolVersion}, whose checks may ask other questions`,
    );
  if (cassette.gaps.length > 0)
    throw refuse(`the recording has gaps: ${cassette.gaps.slice(0, 3).join("; ")}`);
  return cassette;
}
