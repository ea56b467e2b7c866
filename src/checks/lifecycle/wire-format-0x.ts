import { defineCheck, fail, pass, skip } from "../define.js";
import { contentTypeProblems } from "./wire-format.js";

export default defineCheck({
  id: "lifecycle.wire-format-0x",
  title: "JSON-RPC replies are sent as application/json (A2A 0.x)",
  category: "lifecycle",
  level: "MUST",
  requirement:
    "The replies to the suite's send and the reads of its task carry Content-Type application/json (a reply without a Content-Type does not).",
  spec: "A2A 0.1 §3.1; 0.2 §3.1; 0.3 §3.1 (transport requirements), §3.2.1",
  quote: {
    spec: "A2A 0.3 §3.1 (the same sentence in 0.1 and 0.2)",
    text: "The `Content-Type` header for HTTP requests and responses containing JSON-RPC payloads **MUST** be `application/json`.",
  },
  recommendation: "Send every JSON-RPC reply with the header Content-Type: application/json.",
  selfTest: [{ flaw: "reply-without-content-type", protocols: ["0.3"], bindings: ["JSONRPC"] }],
  scope: "transport",
  generations: ["0.1", "0.2", "0.3"],
  bindings: ["JSONRPC"],
  run: async (ctx) => {
    // The send's reply is judged whatever it carried (a Task, a Message or an error): each is a JSON-RPC payload.
    const settled = await ctx.fixtures.settledTask();
    const evidence = settled.evidence;
    if (evidence.length === 0) return skip("no reply was recorded to judge");
    const problems = contentTypeProblems(ctx, evidence, ["application/json"], "problem");
    if (problems.length > 0) return fail(problems.slice(0, 3).join("; "), evidence);
    return pass(
      `${evidence.length} JSON-RPC repl${evidence.length === 1 ? "y was" : "ies were"} application/json`,
      evidence,
    );
  },
});
