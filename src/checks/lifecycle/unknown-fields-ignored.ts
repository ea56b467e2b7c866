import { sendParams } from "../../client/jsonrpc-params.js";
import { methodName } from "../../client/methods.js";
import { defineCheck, fail, pass } from "../define.js";

/** A field no version of A2A defines, added to the request, the message and a part. */
const UNKNOWN = "plainwrightFutureField";

export default defineCheck({
  id: "lifecycle.unknown-fields-ignored",
  title: "Fields the agent does not know are ignored, not refused",
  category: "lifecycle",
  level: "SHOULD",
  levelReason:
    "A2A 1.0.1 §5.7 says implementations SHOULD ignore unrecognized fields (forward compatibility); nothing requires it.",
  requirement:
    "A send whose params, message and part carry a field no A2A version defines is processed as if the field were absent.",
  spec: "A2A 1.0 §5.7 (unrecognized fields)",
  tck: ["DM-SERIAL-005"],
  quote: {
    spec: "A2A 1.0.1 §5.7",
    text: "Implementations SHOULD ignore unrecognized fields in messages, allowing for forward compatibility as the protocol evolves.",
  },
  recommendation:
    "Parse requests leniently: drop fields the schema does not know instead of refusing the request, so newer clients keep working.",
  selfTest: [{ flaw: "unknown-fields-refused", protocols: ["0.3", "1.0"] }],
  dependsOn: ["lifecycle.send-returns-task"],
  scope: "transport",
  // A raw request is needed to add the field; the HTTP+JSON and gRPC clients send only known fields.
  bindings: ["JSONRPC"],
  run: async (ctx) => {
    if (!ctx.rpc) return fail("this binding offers no raw JSON-RPC call");
    const method = methodName(ctx.generation, "send");
    const params = sendParams(ctx.generation, { text: ctx.fixtures.message });
    const message = params.message as Record<string, unknown>;
    const parts = (message.parts as Record<string, unknown>[] | undefined) ?? [];
    const withUnknown = {
      ...params,
      [UNKNOWN]: true,
      message: { ...message, [UNKNOWN]: true, parts: parts.map((p) => ({ ...p, [UNKNOWN]: true })) },
    };
    const outcome = await ctx.rpc(method, withUnknown);
    const evidence = outcome.kind !== "unreachable" && outcome.http.trafficId ? [outcome.http.trafficId] : [];
    if (outcome.kind === "result")
      return pass(`${method} with an unknown field "${UNKNOWN}" was processed`, evidence);
    if (outcome.kind === "error")
      return fail(
        `${method} with an unknown field "${UNKNOWN}" was refused: ${outcome.error.code} ${outcome.error.message}`,
        evidence,
      );
    return fail(
      `${method} with an unknown field "${UNKNOWN}" got no usable answer (${outcome.kind})`,
      evidence,
    );
  },
});
