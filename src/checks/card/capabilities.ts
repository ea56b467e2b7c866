import { defineCheck } from "../define.js";
import { judgeCardIssues } from "../support/card-issues.js";

export default defineCheck({
  id: "card.capabilities",
  title: "Capability flags are booleans",
  category: "card",
  level: "SHOULD",
  levelReason:
    "The schemas type the flags as booleans (A2A 0.3 §5.5.2, 1.0.1 §4.4.3) but no clause says what a client does with another value; every client reads it as not supported, so the agent loses the feature rather than breaking the protocol.",
  requirement:
    "capabilities.streaming, pushNotifications, stateTransitionHistory (0.x) and extendedAgentCard (1.0) are true or false; anything else is read as false.",
  spec: "A2A 0.3 §5.5 AgentCapabilities; 1.0 §5.7 AgentCapabilities",
  recommendation:
    'Write each capability as a JSON boolean (true/false), not a string such as "yes"; clients treat anything else as not supported.',
  selfTest: [{ flaw: "card-capability-not-boolean", protocols: ["1.0"] }],
  scope: "agent",
  run: (ctx) => Promise.resolve(judgeCardIssues(ctx, ["capabilities"], "warnings", "capabilities")),
});
