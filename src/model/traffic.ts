/** One Server-Sent Event as recorded, timed from the start of its request. */
export interface TrafficEvent {
  at_ms: number;
  event?: string;
  id?: string;
  data: string;
}

/** One HTTP exchange (one hop: each redirect is its own entry), as docs/result-format.md describes it. */
export interface TrafficEntry {
  id: string;
  at: string;
  label?: string;
  method: string;
  url: string;
  request_headers: Record<string, string>;
  request_body?: string;
  status?: number;
  response_headers?: Record<string, string>;
  response_body?: string;
  body_truncated?: boolean;
  events?: TrafficEvent[];
  /** Stream events that came after the recorded ones filled the exchange's budget: counted, not kept. */
  events_omitted?: number;
  ms: number;
  error?: { rule?: string; message: string };
  /** W3C trace context of the exchange: the run's trace and this request's span (sent as traceparent). */
  trace_id?: string;
  span_id?: string;
}

/**
 * A live change of an exchange a viewer has already been sent whole (the inspector's debug console): its
 * fields as they are now, and only the events after the first `events_from` it already has.
 */
export interface TrafficEntryChange extends Omit<TrafficEntry, "events"> {
  events_from: number;
  events: TrafficEvent[];
}
