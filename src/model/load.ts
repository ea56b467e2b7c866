/** The shapes of a load run (`plainwright load`, test files of kind "load"): settings, figures and thresholds. */

/** How one load run was asked to go. Times in ms; null where the user set no limit of that kind. */
export interface LoadSettings {
  /** send: one SendMessage (message/send) per request; stream: one SendStreamingMessage read to its end. */
  mode: "send" | "stream";
  /** Requests in flight at most. */
  concurrency: number;
  /** Open loop: requests started per second; null for a closed loop (each worker sends back to back). */
  rate_per_s: number | null;
  /** The sending phase stops after this long, whatever else is set. */
  duration_ms: number;
  /** The sending phase stops after this many requests; null when only the duration limits it. */
  requests: number | null;
  /** Concurrency (closed loop) or rate (open loop) grows linearly from one to full over this long. */
  ramp_ms: number;
  message: string;
  /** Per request, as --timeout. */
  timeout_ms: number;
}

/** Latency figures of one set of requests (from an HDR histogram, 3 significant digits). */
export interface LatencySummary {
  count: number;
  min_ms: number;
  mean_ms: number;
  p50_ms: number;
  p90_ms: number;
  p99_ms: number;
  max_ms: number;
}

/**
 * Why a request failed: http (an HTTP error status), jsonrpc (an A2A/JSON-RPC error, by code), timeout,
 * network (refused, reset, a net rule), protocol (the reply broke the binding or the version's schema,
 * as the client's reply validation judges it), task (the task ended failed or rejected).
 */
export type LoadErrorKind = "http" | "jsonrpc" | "timeout" | "network" | "protocol" | "task";

export const loadErrorKinds: readonly LoadErrorKind[] = [
  "http",
  "jsonrpc",
  "timeout",
  "network",
  "protocol",
  "task",
];

/** One kind of failure: how often, and one example (its message, and its traffic entry when it was kept). */
export interface LoadErrorCount {
  kind: LoadErrorKind;
  /** What groups the failures: "HTTP 503", "-32603 InternalError", "timeout.total", the violation. */
  key: string;
  count: number;
  example: string;
  traffic_id?: string;
}

/** One slice of the timeline (one second, wider once a long run's timeline is merged to stay small). */
export interface LoadSlice {
  /** Seconds since the sending phase began, at the slice's start. */
  at_s: number;
  width_s: number;
  /** Requests that finished in this slice. */
  completed: number;
  errors: number;
  /** Of the requests that finished in this slice; merged slices keep the weighted p50 and the highest p99. */
  p50_ms: number;
  p99_ms: number;
  max_ms: number;
}

/** The latency of one window of a soak run, for drift. */
export interface LoadWindow {
  from_s: number;
  to_s: number;
  completed: number;
  errors: number;
  p50_ms: number;
  p90_ms: number;
  p99_ms: number;
  max_ms: number;
}

/** How latency moved from the first window to the last: ratios last/first (1 = no drift; null when the first is 0). */
export interface LoadDrift {
  first: LoadWindow;
  last: LoadWindow;
  p50_ratio: number | null;
  p99_ratio: number | null;
  error_rate_change: number;
}

/** One bar of the latency histogram (log-spaced bins). */
export interface LoadHistogramBin {
  from_ms: number;
  to_ms: number;
  count: number;
}

/** A threshold such as "p99 < 2s" and how the run did against it. */
export interface ThresholdOutcome {
  /** As the user wrote it. */
  expression: string;
  metric: string;
  op: "<" | "<=" | ">" | ">=";
  /** In the metric's unit: ms for times, a fraction (0.01) for "errors < 1%", per second for rps. */
  limit: number;
  /** Null when the run has no such figure (no stream event to time, no second window). */
  actual: number | null;
  passed: boolean;
}

export interface LoadRequestCounts {
  started: number;
  completed: number;
  succeeded: number;
  failed: number;
  /** Still in flight when the drain timeout ran out. */
  abandoned: number;
  /** Open loop: starts due while every slot was busy, so not sent (the target or the generator fell behind). */
  missed: number;
  /** Requests the run cancelled when it was interrupted: not completed, not failed, no latency. */
  interrupted?: number;
}

/** The `load` section of a result of kind "load". */
export interface LoadSection {
  settings: LoadSettings;
  stopped_by: "duration" | "requests" | "interrupted";
  requests: LoadRequestCounts;
  /** The sending phase and the drain, in ms. */
  elapsed_ms: number;
  /** Completed requests per second over the sending phase. */
  throughput_per_s: number;
  /** From the request to its reply (send) or to the stream's end (stream). */
  latency: LatencySummary;
  /** Stream mode: from the request to the first event. */
  first_event?: LatencySummary;
  /** From the request to the reply or event that carried a terminal state (or a Message). */
  terminal?: LatencySummary;
  /** Replies that left the task in a non-terminal state (no polling in a load run). */
  unsettled: number;
  errors: {
    total: number;
    /** errors / completed, 0..1. */
    rate: number;
    by_kind: Record<LoadErrorKind, number>;
    /** The most frequent failures, at most 20. */
    top: LoadErrorCount[];
  };
  timeline: LoadSlice[];
  histogram: LoadHistogramBin[];
  windows: LoadWindow[];
  /** Set when the run had at least two windows. */
  drift?: LoadDrift;
  thresholds: ThresholdOutcome[];
  /** The traffic of a load run is bounded: the first exchanges and the failures are kept, the rest counted. */
  traffic_kept: { kept: number; dropped: number; rule: string };
}

/** One line of the live view, once a second while a load runs. */
export interface LoadTick {
  elapsed_s: number;
  /** Requests finished in the last second. */
  last_second: number;
  completed: number;
  in_flight: number;
  errors: number;
  p50_ms: number;
  p99_ms: number;
}
