import { defineCheck } from "../define.js";
import { judgeCardIssuesWhere } from "../support/card-issues.js";

/** The card's mode lists: the defaults and each skill's own (card/rules/capabilities.ts, skills.ts). */
const MODES = /^(defaultInputModes|defaultOutputModes|skills\[\d+\]\.(inputModes|outputModes))$/;

export default defineCheck({
  id: "card.modes-media-types",
  title: "The card's input and output modes are media types",
  category: "card",
  level: "SHOULD",
  levelReason:
    'A2A 0.3 §5.5 and 1.0.1 §4.4.1 define the modes as media types ("Default set of supported input MIME types", a2a.proto "Defined as media types") without a keyword; a client matching its content against a bare word such as "text" finds no type to match.',
  requirement:
    'Every entry of defaultInputModes and defaultOutputModes, and of each skill\'s inputModes and outputModes, is a media type (type/subtype, e.g. "text/plain"), not a bare word such as "text".',
  spec: "A2A 0.3 §5.5 AgentCard.defaultInputModes, §5.5.4 AgentSkill.inputModes; 1.0.1 §4.4.1 AgentCard, §4.4.5 AgentSkill",
  recommendation:
    'List media types: "text/plain", "application/json", "image/png"; not "text", "json" or "image".',
  selfTest: [{ flaw: "card-modes-not-media-types", protocols: ["0.3", "1.0"] }],
  scope: "agent",
  run: (ctx) =>
    Promise.resolve(
      judgeCardIssuesWhere(
        ctx,
        (issue) => MODES.test(issue.path) && issue.message.includes("not a media type"),
        "warnings",
        "modes",
      ),
    ),
});
