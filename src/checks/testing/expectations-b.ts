import type { FlawExpectation } from "./expectations.js";

// Every batch-B flaw lives in the JSON-RPC front (rpc/rpcReply hooks), so the runs stay on that binding.
const JSONRPC: FlawExpectation["transports"] = ["JSONRPC"];

/** Flaw expectations for check batch B (see expectations.ts). */
export const batchB: FlawExpectation[] = [
  { flaw: "stream-no-final", protocol: "0.3", failing: ["streaming.final-event"], transports: JSONRPC },
  {
    flaw: "task-missing-kind",
    protocol: "0.3",
    failing: ["streaming.events-well-formed"],
    transports: JSONRPC,
  },
  {
    flaw: "stream-state-backwards",
    protocol: "0.3",
    failing: ["streaming.events-well-formed"],
    transports: JSONRPC,
  },
  {
    flaw: "stream-state-backwards",
    protocol: "1.0",
    failing: ["streaming.events-well-formed"],
    transports: JSONRPC,
  },
  {
    flaw: "stream-events-after-final",
    protocol: "1.0",
    failing: ["streaming.final-event"],
    transports: JSONRPC,
  },
  {
    flaw: "stream-events-after-final",
    protocol: "0.3",
    failing: ["streaming.final-event"],
    transports: JSONRPC,
  },
  {
    flaw: "stream-wrong-content-type",
    protocol: "1.0",
    failing: ["streaming.content-type", "streaming.final-event"],
    transports: JSONRPC,
  },
  {
    flaw: "stream-never-ends",
    protocol: "1.0",
    failing: ["streaming.stream-ends", "streaming.final-event"],
    transports: JSONRPC,
  },
  {
    flaw: "stream-never-ends",
    protocol: "0.3",
    failing: ["streaming.stream-ends", "streaming.final-event"],
    transports: JSONRPC,
  },
  {
    flaw: "stream-first-event-completed",
    protocol: "1.0",
    failing: ["streaming.first-event"],
    transports: JSONRPC,
  },
  {
    flaw: "stream-first-event-completed",
    protocol: "0.3",
    failing: ["streaming.first-event"],
    transports: JSONRPC,
  },
  {
    flaw: "stream-update-wrong-context",
    protocol: "1.0",
    failing: ["streaming.events-well-formed"],
    transports: JSONRPC,
  },
  {
    flaw: "subscribe-unsupported",
    protocol: "0.3",
    failing: ["streaming.subscribe-running"],
    transports: JSONRPC,
  },
  {
    flaw: "subscribe-terminal-streams",
    protocol: "1.0",
    failing: ["streaming.subscribe-terminal"],
    transports: JSONRPC,
  },
  {
    flaw: "dropped-stream-loses-task",
    protocol: "1.0",
    failing: ["streaming.dropped-stream-task-readable"],
    transports: JSONRPC,
  },
  {
    flaw: "invalid-request-wrong-code",
    protocol: "1.0",
    failing: ["errors.invalid-request"],
    transports: JSONRPC,
  },
  {
    flaw: "parse-error-as-invalid-request",
    protocol: "1.0",
    failing: ["errors.parse-error"],
    transports: JSONRPC,
  },
  { flaw: "parse-error-http-400", protocol: "0.3", failing: ["errors.error-envelope"], transports: JSONRPC },
  {
    flaw: "invalid-params-wrong-code",
    protocol: "0.3",
    failing: ["errors.invalid-params"],
    transports: JSONRPC,
  },
  { flaw: "error-id-missing", protocol: "1.0", failing: ["errors.error-envelope"], transports: JSONRPC },
  {
    flaw: "bad-request-wedges-task",
    protocol: "1.0",
    failing: ["errors.server-survives"],
    transports: JSONRPC,
  },
  // leaky-error (src/agent/flaws/protocol.ts): an unknown method gets HTTP 500 with a stack trace.
  {
    flaw: "leaky-error",
    protocol: "1.0",
    failing: ["errors.unknown-method", "errors.no-server-error"],
    transports: JSONRPC,
  },
];
