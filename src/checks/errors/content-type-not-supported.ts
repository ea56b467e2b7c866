import { a2aCodes, jsonRpcCodes } from "../../protocol/error-codes.js";
import { defineCheck, fail, notApplicable, pass, skip } from "../define.js";
import { describeFailure } from "../../client/describe-failure.js";
import type { Message, Task } from "../../protocol/model.js";
import type { CallOutcome } from "../../client/types.js";
import { waitForSettled } from "../settled-task.js";
import type { CheckContext, CheckVerdict } from "../types.js";
import { ordinaryRefusedWith } from "../support/ordinary-refused.js";

import {
  UNSUPPORTED,
  acceptsAnything,
  cardInputModes,
  sendUnsupportedPart,
  sendUnsupportedPartAlone,
} from "../support/unsupported-media.js";

export default defineCheck({
  id: "errors.content-type-not-supported",
  title: "A refused media type is answered with ContentTypeNotSupported",
  category: "errors",
  level: "SHOULD",
  levelReason:
    "A2A 0.3 §8.2 defines ContentTypeNotSupportedError for a media type the agent does not support and says servers SHOULD use its codes where applicable; 1.0.1 §3.1.1 lists it among SendMessage's errors without a MUST and §3.3.2 allows -32602 for it as a validation error. An agent may also accept the part (nothing obliges it to refuse), so only the spelling of a refusal is judged.",
  requirement:
    "A message with a file part of a media type outside the card's defaultInputModes (and, where that is accepted, the file part alone) is accepted and worked on, or refused with ContentTypeNotSupportedError (-32005) (on 1.0 also InvalidParams, a validation error by 1.0.1 §3.3.2): not with an internal error or an unrelated code.",
  spec: "A2A 0.1 and 0.3 §8.2 (-32005); 1.0.1 §3.3.2 (ContentTypeNotSupportedError)",
  tck: ["JSONRPC-SSE-002"],
  recommendation:
    "When a message part has a media type you do not take, answer ContentTypeNotSupportedError (-32005; HTTP 400, gRPC INVALID_ARGUMENT) naming the type.",
  selfTest: [{ flaw: "content-type-wrong-code", protocols: ["0.3", "1.0"], bindings: ["JSONRPC"] }],
  scope: "transport",
  generations: ["0.1", "0.2", "0.3", "1.0"],
  bindings: ["JSONRPC"],
  run: async (ctx) => {
    const modes = cardInputModes(ctx);
    if (acceptsAnything(modes))
      return notApplicable("the card's defaultInputModes admit any media type (or name none)");
    const sent = await sendUnsupportedPart(ctx);
    const what = `a message with an ${UNSUPPORTED} file part (the card takes ${modes.join(", ")})`;
    if (sent.ok) return judgeAccepted(ctx, sent.value, what, sent.trafficIds);
    return judgeRefusal(ctx, sent, what, sent.trafficIds);
  },
});

/**
 * How a message with the unsupported part was refused. ContentTypeNotSupportedError is the error 0.x names for
 * it (0.3 §8.2, whose codes servers SHOULD use where applicable): there Invalid params is a client error but not
 * that one (seen at first sight: a file part alone refused -32602 by an agent that reads text only). 1.0.1
 * §3.3.2 counts an unsupported content type among validation errors, example code -32602: allowed there. A
 * server error or an unrelated code says the type broke the agent.
 */
async function judgeRefusal(
  ctx: CheckContext,
  refused: Exclude<CallOutcome<unknown>, { ok: true }>,
  what: string,
  evidence: string[],
): Promise<CheckVerdict> {
  if (refused.kind !== "error") return fail(`${what}: ${describeFailure(refused)}`, evidence);
  const { code } = refused.error;
  if (code === a2aCodes.contentTypeNotSupported)
    return pass(`${what} was refused with ContentTypeNotSupported (-32005)`, evidence);
  // A control: an agent that refuses the ordinary message alike shows nothing by refusing this one.
  const alike = await ordinaryRefusedWith(ctx, code);
  if (alike)
    return skip(
      `${what} was refused with ${refused.error.name} (${code}), but so was the ordinary message (${alike}): the refusal shows nothing; lifecycle.send-returns-task reports the refused send`,
    );
  if (code === jsonRpcCodes.invalidParams) {
    // 1.0.1 §3.3.2 gives an unsupported content type as a validation error, example code -32602.
    if (ctx.generation === "1.0")
      return pass(
        `${what} was refused with InvalidParams (-32602), a validation error A2A 1.0.1 §3.3.2 allows for it; ContentTypeNotSupported (-32005) would name the cause`,
        evidence,
      );
  }
  const how =
    code === jsonRpcCodes.internalError
      ? "an internal error"
      : code === jsonRpcCodes.invalidParams
        ? "InvalidParams"
        : refused.error.name;
  return fail(
    `${what} was refused with ${how} (${code}) instead of ContentTypeNotSupported (-32005), the error A2A names for a media type the agent does not take`,
    evidence,
  );
}

/**
 * An agent may take a part outside its input modes, but one it takes and then never starts is a refusal not
 * said: "ContentTypeNotSupportedError" is how an agent says it cannot process a media type (0.3 §8.2,
 * 1.0.1 §3.3.2). The control is the ordinary message, sent after it: when that later task settles while this
 * one is still submitted, the agent skipped it (seen at first sight: SUBMITTED forever), whatever its pace or
 * its queue (a queue takes the earlier task first).
 */
async function judgeAccepted(
  ctx: CheckContext,
  reply: Task | Message,
  what: string,
  evidence: string[],
): Promise<CheckVerdict> {
  const accepted = `${what} was accepted (an agent may take any part)`;
  const submitted = (r: Task | Message): r is Task => r.kind === "task" && r.state === "submitted";
  // The text beside the file part may be all such an agent reads: the file part alone is sent too.
  // A copy: the shared send's own outcome (support/unsupported-media.ts) keeps its evidence as it was.
  const all = [...evidence];
  const alone = submitted(reply) ? undefined : await sendUnsupportedPartAlone(ctx);
  all.push(...(alone?.trafficIds ?? []));
  // The file part alone refused: judged as a refusal of the whole message would be.
  if (alone && !alone.ok)
    return judgeRefusal(ctx, alone, `${accepted}; the ${UNSUPPORTED} file part sent alone`, all);
  const left = submitted(reply) ? reply : alone?.ok && submitted(alone.value) ? alone.value : undefined;
  if (!left) return pass(accepted, all);
  const control = await ctx.fixtures.send();
  all.push(...control.evidence);
  if (!control.ok || control.value.kind !== "task") return pass(accepted, all);
  const settled = await waitForSettled(ctx.client, control.value, ctx.timeoutMs / 2);
  all.push(...settled.evidence);
  if (!settled.ok) return pass(accepted, all);
  const read = await ctx.client.getTask(left.id);
  all.push(...read.trafficIds);
  if (!read.ok || read.value.state !== "submitted") return pass(accepted, all);
  return fail(
    `${left === reply ? what : `a message with the ${UNSUPPORTED} file part alone`} was accepted, but task ${left.id} is still submitted after the ordinary message sent later (task ${settled.value.id}) ended ${settled.value.state}: a part the agent cannot process is refused with ContentTypeNotSupported (-32005), not left unworked`,
    all,
  );
}
