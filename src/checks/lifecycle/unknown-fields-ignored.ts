import { createClient } from "../../client/create-client.js";
import { sendParams } from "../../client/jsonrpc-params.js";
import { methodName } from "../../client/methods.js";
import { sendBodyIn } from "../../client/rest/bodies.js";
import { sendRest, toOutcome } from "../../client/rest/exchange.js";
import { RestRoutes } from "../../client/rest/paths.js";
import { readSendResult } from "../../client/rest/replies.js";
import { defineCheck, fail, pass } from "../define.js";
import { describeFailure } from "../../client/describe-failure.js";
import type { CheckContext, CheckVerdict } from "../types.js";
import { sendTakenOnlyAsStream, takenMessage, takenPartForm } from "../support/taken-part-form.js";

/** A field no version of A2A defines, added to the request, the message and a part. */
const UNKNOWN = "plainwrightFutureField";

type Json = Record<string, unknown>;

/** The request with the unknown field on it, on its message and on each part under `partsKey`. */
function withUnknown(request: Json, partsKey: string): Json {
  const message = request.message as Json;
  const parts = (message[partsKey] as Json[] | undefined) ?? [];
  return {
    ...request,
    [UNKNOWN]: true,
    message: { ...message, [UNKNOWN]: true, [partsKey]: parts.map((p) => ({ ...p, [UNKNOWN]: true })) },
  };
}

async function viaJsonRpc(ctx: CheckContext): Promise<CheckVerdict> {
  if (!ctx.rpc) return fail("this binding offers no raw JSON-RPC call");
  // An agent that takes messages only as streams gets this one as a stream too (its unserved send is
  // lifecycle.send-returns-task's finding).
  const method = methodName(ctx.generation, (await sendTakenOnlyAsStream(ctx)) ? "stream" : "send");
  const form = await takenPartForm(ctx);
  const input = await takenMessage(ctx, { text: ctx.fixtures.message });
  const outcome = await ctx.rpc(method, withUnknown(sendParams(ctx.generation, input, {}, form), "parts"));
  const evidence = outcome.kind !== "unreachable" && outcome.http.trafficId ? [outcome.http.trafficId] : [];
  const streamed = outcome.kind === "stream" && outcome.items.some((item) => "result" in item);
  if (outcome.kind === "result" || streamed)
    return pass(`${method} with an unknown field "${UNKNOWN}" was processed`, evidence);
  if (outcome.kind === "error")
    return fail(
      `${method} with an unknown field "${UNKNOWN}" was refused: ${outcome.error.code} ${outcome.error.message}`,
      evidence,
    );
  // The network's own words, so a request that met no live agent reads as cut off with it (runner/agent-died.ts).
  const why =
    outcome.kind === "unreachable"
      ? `no answer: ${outcome.error.message}`
      : `no usable answer (${outcome.kind})`;
  return fail(`${method} with an unknown field "${UNKNOWN}" got ${why}`, evidence);
}

// HTTP+JSON: the client's own body (0.3 keeps parts under `content`) with the field added, sent as it is; in
// the message form the agent was found to take (0.3's text form keeps them under `parts`).
async function viaRest(ctx: CheckContext): Promise<CheckVerdict> {
  const { target } = ctx.client;
  const form = await takenPartForm(ctx);
  const input = await takenMessage(ctx, { text: ctx.fixtures.message });
  const body = withUnknown(
    sendBodyIn(ctx.generation, input, {}, form),
    ctx.generation === "0.3" && form === undefined ? "content" : "parts",
  );
  const url = new RestRoutes(target, ctx.clientContext.query).sendMessage();
  const sent = await sendRest(target, ctx.clientContext, { method: "POST", url, body, label: "SendMessage" });
  const outcome = toOutcome(sent, readSendResult);
  const what = `message:send with an unknown field "${UNKNOWN}"`;
  if (outcome.ok) return pass(`${what} was processed`, outcome.trafficIds);
  return fail(`${what} was refused: ${describeFailure(outcome)}`, outcome.trafficIds);
}

// A length-delimited field number 9999 no A2A proto defines, holding "plainwright": tag (9999 << 3 | 2) as a
// varint, then the length and the bytes (protobuf encoding, "Message Structure").
const UNKNOWN_FIELD_NUMBER = 9999;
function unknownFieldBytes(): Buffer {
  const varint = (n: number): number[] => (n < 0x80 ? [n] : [(n & 0x7f) | 0x80, ...varint(n >>> 7)]);
  const value = Buffer.from("plainwright");
  return Buffer.from([...varint((UNKNOWN_FIELD_NUMBER << 3) | 2), ...varint(value.length), ...value]);
}

// gRPC: the SendMessageRequest the client encodes, with a field number its schema lacks appended.
async function viaGrpc(ctx: CheckContext): Promise<CheckVerdict> {
  const client = createClient(ctx.client.target, {
    ...ctx.clientContext,
    grpcUnknownField: unknownFieldBytes(),
  });
  try {
    const sent = await client.send({ text: ctx.fixtures.message });
    const what = `SendMessage with an unknown field (number ${UNKNOWN_FIELD_NUMBER}) appended`;
    if (sent.ok) return pass(`${what} was processed`, sent.trafficIds);
    return fail(`${what} was refused: ${describeFailure(sent)}`, sent.trafficIds);
  } finally {
    client.close();
  }
}

export default defineCheck({
  id: "lifecycle.unknown-fields-ignored",
  title: "Fields the agent does not know are ignored, not refused",
  category: "lifecycle",
  level: "SHOULD",
  levelReason:
    "A2A 1.0.1 §5.7 says implementations SHOULD ignore unrecognized fields (forward compatibility); nothing requires it.",
  requirement:
    "A send whose params, message and part carry a field no A2A version defines (over gRPC: a field number its proto lacks) is processed as if the field were absent.",
  spec: "A2A 1.0 §5.7 (unrecognized fields)",
  tck: ["DM-SERIAL-005"],
  quote: {
    spec: "A2A 1.0.1 §5.7",
    text: "Implementations SHOULD ignore unrecognized fields in messages, allowing for forward compatibility as the protocol evolves.",
  },
  recommendation:
    "Parse requests leniently: drop fields the schema does not know instead of refusing the request, so newer clients keep working.",
  selfTest: [
    {
      flaw: "unknown-fields-refused",
      protocols: ["0.3", "1.0"],
      bindings: ["JSONRPC"],
      violates: ["DM-SERIAL-005"],
    },
    {
      flaw: "rest-unknown-fields-refused",
      protocols: ["0.3", "1.0"],
      bindings: ["HTTP+JSON"],
      violates: ["DM-SERIAL-005"],
    },
  ],
  dependsOn: ["lifecycle.send-returns-task"],
  scope: "transport",
  run: (ctx) =>
    ctx.transport === "HTTP+JSON" ? viaRest(ctx) : ctx.transport === "GRPC" ? viaGrpc(ctx) : viaJsonRpc(ctx),
});
