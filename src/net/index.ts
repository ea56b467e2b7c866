export { NetError } from "./errors.js";
export type { NetRule } from "./errors.js";
export { checkUrl, classifyAddress, commandLinePolicy, serverPolicy } from "./outbound-policy.js";
export type { AddressClass, CheckedAddress, OutboundPolicy } from "./outbound-policy.js";
export { parseJson, tryParseJson } from "./json.js";
export type { JsonResult } from "./json.js";
export { SseParser } from "./sse-parser.js";
export { visible } from "./visible.js";
export type { SseEvent, SseParserOptions } from "./sse-parser.js";
export { REDACTED, Redactor, isSensitiveHeader, isSensitiveParam } from "./redact.js";
export { TrafficHandle, TrafficLog } from "./traffic.js";
export type {
  TrafficEntry,
  TrafficEvent,
  TrafficListener,
  TrafficOutcome,
  TrafficPhase,
  TrafficRequest,
} from "./traffic.js";
export { httpRequest } from "./http.js";
export type {
  HttpRequestOptions,
  HttpResponse,
  StreamEnd,
  StreamEndReason,
  StreamOptions,
  TimedSseEvent,
} from "./http.js";
export { mediaType } from "./http-hop.js";
export { closeIdleConnections } from "./http1.js";
export { formatBytes, formatDuration, formatSeconds } from "./units.js";
export { USER_AGENT, VERSION } from "./version.js";
