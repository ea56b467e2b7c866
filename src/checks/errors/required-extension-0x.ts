import { defineCheck } from "../define.js";
import { sendWithoutRequiredExtensions } from "./required-extension.js";

export default defineCheck({
  id: "errors.required-extension-0x",
  title: "A request that does not activate a required extension is refused (A2A 0.x)",
  category: "errors",
  level: "SHOULD",
  levelReason:
    'A2A 0.3 names no error for it and says only, in its extensions guide (topics/extensions.md, "Required Extensions"): "If an AgentCard declares a required extension, and the client does not request activation of that required extension, Agents should return reject the incoming request and return an appropriate error code." 1.0.1 §3.3.4 makes it a MUST with ExtensionSupportRequiredError (errors.required-extension).',
  requirement:
    "When the card marks an extension `required: true`, a message sent without activating it (no X-A2A-Extensions header naming it) is refused with an error, not served.",
  spec: "A2A 0.3 §5.5.2.1 (AgentExtension.required); topics/extensions.md (Required Extensions, Extension Activation)",
  tck: ["CORE-CAP-004"],
  recommendation:
    "Before serving a request, read the X-A2A-Extensions header and refuse the request with an error naming the extension when it does not list every extension the card marks required.",
  selfTest: [{ flaw: "required-extension-ignored", protocols: ["0.3"], violates: ["CORE-CAP-004"] }],
  scope: "transport",
  generations: ["0.1", "0.2", "0.3"],
  run: (ctx) =>
    sendWithoutRequiredExtensions(ctx, (_code, what) => ({
      ok: true,
      message: `${what} was refused`,
    })),
});
