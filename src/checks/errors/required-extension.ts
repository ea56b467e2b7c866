import { createClient } from "../../client/create-client.js";
import { a2aCodes } from "../../protocol/error-codes.js";
import { defineCheck, fail, notApplicable, pass } from "../define.js";
import { describeFailure } from "../../client/describe-failure.js";
import type { CheckContext, CheckVerdict } from "../types.js";

// The activation headers of 1.0 (A2A-Extensions) and 0.3 (X-A2A-Extensions), whatever their case.
const ACTIVATION = /^(x-)?a2a-extensions$/i;

/**
 * Sends the ordinary message without activating the extensions the card marks required (the run's client
 * activates them on every request; a user's -H activation is dropped too), and hands the outcome to
 * `judge`. Not applicable when the card requires none.
 */
export async function sendWithoutRequiredExtensions(
  ctx: CheckContext,
  judge: (code: number | undefined, what: string) => { ok: boolean; message: string },
): Promise<CheckVerdict> {
  const required = ctx.validation.card.requiredExtensions;
  if (required.length === 0)
    return notApplicable(
      "the card marks no extension required (capabilities.extensions[].required), so every client may leave extensions inactive",
    );
  const headers = Object.fromEntries(
    Object.entries(ctx.clientContext.headers).filter(([name]) => !ACTIVATION.test(name)),
  );
  const client = createClient({ ...ctx.client.target, extensions: [] }, { ...ctx.clientContext, headers });
  try {
    const sent = await client.send({ text: ctx.fixtures.message });
    const what = `a message that does not activate the required ${required.join(", ")}`;
    if (sent.ok) return fail(`${what} was served (it returned a ${sent.value.kind})`, sent.trafficIds);
    if (sent.kind !== "error") return fail(`${what}: ${describeFailure(sent)}`, sent.trafficIds);
    const verdict = judge(sent.error.code, what);
    const message = `${verdict.message} (${sent.error.name}${sent.error.code ? `, ${sent.error.code}` : ""})`;
    return verdict.ok ? pass(message, sent.trafficIds) : fail(message, sent.trafficIds);
  } finally {
    client.close();
  }
}

export default defineCheck({
  id: "errors.required-extension",
  title: "A request that does not activate a required extension fails with ExtensionSupportRequired",
  category: "errors",
  level: "MUST",
  requirement:
    "When the card marks an extension `required: true`, a message sent without activating it (no A2A-Extensions service parameter naming it) is refused with ExtensionSupportRequiredError (-32008; HTTP 400, gRPC FAILED_PRECONDITION), not served.",
  spec: "A2A 1.0 §3.3.4 (capability validation), §3.2.6 (A2A-Extensions), §4.6, §5.4",
  tck: ["CORE-CAP-004", "JSONRPC-SSE-002"],
  quote: {
    spec: "A2A 1.0.1 §3.3.4",
    text: "Extensions: When a server requests use of an extension marked as `required: true` in the Agent Card but the client does not declare support for it, the agent **MUST** return `ExtensionSupportRequiredError`.",
  },
  recommendation:
    "Before serving a request, read the A2A-Extensions header (gRPC metadata) and answer ExtensionSupportRequiredError (-32008) when it does not list every extension the card marks required.",
  selfTest: [{ flaw: "required-extension-ignored", protocols: ["1.0"], violates: ["CORE-CAP-004"] }],
  scope: "transport",
  generations: ["1.0"],
  run: (ctx) =>
    sendWithoutRequiredExtensions(ctx, (code, what) =>
      code === a2aCodes.extensionSupportRequired
        ? { ok: true, message: `${what} was refused with ExtensionSupportRequired` }
        : { ok: false, message: `${what} was refused, but not with ExtensionSupportRequired (-32008)` },
    ),
});
