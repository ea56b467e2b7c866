import { defineCheck } from "../define.js";
import { judgeTextPartRead } from "./text-part-read.js";

export default defineCheck({
  id: "lifecycle.text-part-read-0x",
  title: "The agent reads the text of its version's TextPart (A2A 0.2)",
  category: "lifecycle",
  level: "SHOULD",
  levelReason:
    "A2A 0.2 defines TextPart with its kind (§6.5.1) but has no list of what a compliant server MUST do, as 0.3 §11.1.5 has (MUST use the data structures of Section 6): a defined structure misread without a keyword is judged SHOULD. 0.3: lifecycle.text-part-read (MUST).",
  splitOf: "lifecycle.text-part-read",
  requirement:
    "A message's text part in 0.2's form ({kind: \"text\", text}) reaches the agent, judged as lifecycle.text-part-read judges it on 0.3.",
  spec: "A2A 0.2 §6.5.1 TextPart",
  recommendation:
    'Read a part\'s kind ("text", "file", "data"); accept 0.1\'s type only as a fallback, never instead of it.',
  noSelfTest:
    "The reference agent speaks 0.3 and 1.0 only: lifecycle.text-part-read shares this check's run and is proven there (text-part-needs-type); the mutation text-parts-typed-read-silently plays the deviation on the lab's 0.2 agents.",
  scope: "transport",
  generations: ["0.2"],
  bindings: ["JSONRPC"],
  run: judgeTextPartRead,
});
