import type { CallOutcome } from "../../client/types.js";
import { GrpcA2AClient } from "../../client/grpc/grpc-client.js";
import { describeFailure } from "../../client/describe-failure.js";
import { defineCheck, fail, pass } from "../define.js";

// The statuses of a server that failed rather than refused the input (A2A 1.0.1 §3.3.2: system errors).
const SERVER_FAILURES = new Set(["INTERNAL", "UNKNOWN", "UNAVAILABLE", "DATA_LOSS"]);

/** Sends that no server can serve: no message at all, and a message with none of its required fields. */
const MALFORMED = [
  { what: "SendMessage without a message", request: {} },
  { what: "SendMessage with an empty message (no messageId, role or parts)", request: { message: {} } },
] as const;

/** Why the reply to one malformed send is not a refusal of the input, or undefined (the refusal noted). */
function refusalProblem(
  what: string,
  got: CallOutcome<unknown>,
  evidence: string[],
  judged: string[],
): string | undefined {
  evidence.push(...got.trafficIds);
  if (got.ok) return `${what} was served`;
  if (got.kind !== "error") return `${what}: ${describeFailure(got)}`;
  const status = got.error.grpcStatus ?? got.error.name;
  if (SERVER_FAILURES.has(status))
    return `${what} failed with ${status}: the input was not validated before processing`;
  if (got.error.message.trim() === "") return `${what} was refused with ${status} but no message says why`;
  const note =
    status === "INVALID_ARGUMENT" ? "" : " (INVALID_ARGUMENT is the status the spec's examples give)";
  judged.push(`${what} was refused with ${status}: ${got.error.message}${note}`);
  return undefined;
}

export default defineCheck({
  id: "errors.grpc-invalid-input",
  title: "gRPC: SendMessage without a message is refused as invalid input",
  category: "errors",
  level: "MUST",
  requirement:
    "A SendMessageRequest without a usable message (no message at all, and a message with none of its required messageId, role and parts) is refused with a client-error status (INVALID_ARGUMENT in the spec's examples) carrying a message, not served and not failed with INTERNAL or UNKNOWN.",
  spec: "A2A 1.0 §3.3.2 (validation errors), §10.6 (gRPC errors); 0.3 §10.2 (input validation)",
  tck: ["CORE-ERR-002", "CORE-ERR-001"],
  quote: {
    spec: "A2A 1.0.1 §3.3.2",
    text: "Servers **MUST** validate all input parameters before processing. [...] All error responses in the A2A protocol, regardless of binding, **MUST** convey the following information: 1. Error Code [...] 2. Error Message",
  },
  recommendation:
    "Validate the request before handling it and answer INVALID_ARGUMENT naming the missing field, instead of letting the handler fail with INTERNAL.",
  selfTest: [
    {
      flaw: "grpc-invalid-input-internal",
      protocols: ["0.3", "1.0"],
      violates: ["CORE-ERR-001", "CORE-ERR-002"],
    },
  ],
  scope: "transport",
  bindings: ["GRPC"],
  run: async (ctx) => {
    // A raw request is this binding's own operation: a client of its own, on the run's target and context.
    const grpc = new GrpcA2AClient(ctx.client.target, ctx.clientContext);
    const evidence: string[] = [];
    const judged: string[] = [];
    try {
      for (const bad of MALFORMED) {
        const problem = refusalProblem(bad.what, await grpc.sendRaw(bad.request), evidence, judged);
        if (problem) return fail(problem, evidence);
      }
    } finally {
      grpc.close();
    }
    return pass(judged.join("; "), evidence);
  },
});
