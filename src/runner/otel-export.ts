import { randomBytes } from "node:crypto";
import { SpanKind, SpanStatusCode, TraceFlags, type Attributes, type SpanContext } from "@opentelemetry/api";
import { ExportResultCode, millisToHrTime, type ExportResult } from "@opentelemetry/core";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { resourceFromAttributes } from "@opentelemetry/resources";
import type { ReadableSpan, TimedEvent } from "@opentelemetry/sdk-trace";
import type { RunResult } from "../model/result.js";
import type { TrafficEntry } from "../model/traffic.js";
import { USER_AGENT } from "../net/version.js";
import { bracketedPlace } from "../model/finding.js";

// Loaded only when a run is exported (src/cli/output.ts imports this module on demand): the SDK costs
// start-up time every other command would pay.

/** The OTLP/HTTP traces URL of a base endpoint, as OTEL_EXPORTER_OTLP_ENDPOINT is defined (OTLP spec §5.3). */
export function tracesUrl(endpoint: string): string {
  const url = new URL(endpoint);
  if (!url.pathname.endsWith("/v1/traces")) url.pathname = `${url.pathname.replace(/\/+$/, "")}/v1/traces`;
  return url.href;
}

const scope = { name: "plainwright", version: USER_AGENT.split("/")[1] ?? "0" };

/**
 * The run as spans: one root span for the run, and a child span per exchange with the span id the agent
 * received in its traceparent, so the agent's own spans hang under the request that caused them.
 */
export function runSpans(result: RunResult): ReadableSpan[] {
  const traceId = result.traffic.find((e) => e.trace_id)?.trace_id ?? randomBytes(16).toString("hex");
  const root: SpanContext = {
    traceId,
    spanId: randomBytes(8).toString("hex"),
    traceFlags: TraceFlags.SAMPLED,
  };
  const started = Date.parse(result.started_at);
  const resource = resourceFromAttributes({ "service.name": "plainwright" });
  const base = { resource, instrumentationScope: scope, links: [], ended: true, droppedAttributesCount: 0 };
  const span = (
    name: string,
    kind: SpanKind,
    context: SpanContext,
    startMs: number,
    durationMs: number,
    extra: Pick<ReadableSpan, "attributes" | "status" | "events"> & { parentSpanContext?: SpanContext },
  ): ReadableSpan => ({
    ...base,
    ...extra,
    name,
    kind,
    spanContext: () => context,
    startTime: millisToHrTime(startMs),
    endTime: millisToHrTime(startMs + durationMs),
    duration: millisToHrTime(durationMs),
    droppedEventsCount: 0,
    droppedLinksCount: 0,
  });
  const findingEvents: TimedEvent[] = (result.findings ?? []).map((f) => ({
    name: `${f.id}${bracketedPlace(f)}`,
    time: millisToHrTime(started + result.duration_ms),
    attributes: { "plainwright.check.status": f.status, "plainwright.check.level": f.level },
  }));
  const runSpan = span(
    `plainwright ${result.kind}${result.name ? ` ${result.name}` : ""}`,
    SpanKind.INTERNAL,
    root,
    started,
    result.duration_ms,
    {
      attributes: {
        "plainwright.run.status": result.status,
        ...(result.agent_url ? { "plainwright.agent.url": result.agent_url } : {}),
      },
      status: { code: result.status === "passed" ? SpanStatusCode.OK : SpanStatusCode.ERROR },
      events: findingEvents,
    },
  );
  const exchanges = result.traffic
    .filter((e) => e.span_id && e.trace_id === traceId)
    .map((e) =>
      span(`${e.method} ${e.label ?? e.url}`, SpanKind.CLIENT, context(e, traceId), Date.parse(e.at), e.ms, {
        attributes: exchangeAttributes(e),
        status: e.error
          ? { code: SpanStatusCode.ERROR, message: e.error.message }
          : { code: SpanStatusCode.UNSET },
        events: [],
        parentSpanContext: root,
      }),
    );
  return [runSpan, ...exchanges];
}

function context(entry: TrafficEntry, traceId: string): SpanContext {
  return { traceId, spanId: entry.span_id ?? "", traceFlags: TraceFlags.SAMPLED };
}

function exchangeAttributes(entry: TrafficEntry): Attributes {
  return {
    "http.request.method": entry.method,
    "url.full": entry.url,
    ...(entry.status !== undefined ? { "http.response.status_code": entry.status } : {}),
    ...(entry.error?.rule ? { "error.type": entry.error.rule } : {}),
  };
}

/** Sends the runs' spans to an OTLP/HTTP endpoint; resolves with the reason when the export failed. */
export async function exportRuns(
  results: readonly RunResult[],
  endpoint: string,
): Promise<string | undefined> {
  const exporter = new OTLPTraceExporter({ url: tracesUrl(endpoint), timeoutMillis: 5_000 });
  try {
    const outcome = await new Promise<ExportResult>((resolve) =>
      exporter.export(results.flatMap(runSpans), resolve),
    );
    if (outcome.code === ExportResultCode.SUCCESS) return undefined;
    return outcome.error?.message ?? "the collector refused the spans";
  } finally {
    await exporter.shutdown();
  }
}
