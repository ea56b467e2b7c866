import { NO_ENDPOINT } from "../../card/endpoint.js";
import { defineCheck, fail } from "../define.js";
import { judgeCardIssuesWhere, lacksSupportedInterfaces, underAny } from "../support/card-issues.js";
import type { EndpointChoice } from "../../card/types.js";
import type { CheckContext } from "../types.js";

/** An endpoint found elsewhere than the card said, in words: what the card declared, where the agent answers. */
function movedEndpoint(e: EndpointChoice): string {
  const declared = e.insteadOfBinding ?? e.transport;
  const answers = e.insteadOfBinding ? `${e.transport} at ${e.url}` : `at ${e.url}`;
  return `the card's ${declared} endpoint ${e.insteadOf ?? ""} answers nothing A2A; the agent answers ${answers}`;
}

/** The card's endpoints where nothing A2A answered and Plainwright found the agent elsewhere, in words. */
export function movedEndpoints(ctx: CheckContext): string[] {
  return [...(ctx.endpoints?.values() ?? [ctx.endpoint])]
    .filter((e) => e.insteadOf !== undefined && !e.reason.includes(NO_ENDPOINT))
    .map(movedEndpoint);
}

/**
 * 0.1 and 0.2 define the card's url without a keyword ("Base URL for the agent's A2A service"): a url
 * where nothing A2A answers is card.url-answers-0x's finding there, at SHOULD; 0.3 §5.6.1 makes it a MUST.
 */
export const urlUnkeyworded = (ctx: CheckContext): boolean =>
  ctx.generation === "0.1" || ctx.generation === "0.2";

export default defineCheck({
  id: "card.interfaces",
  title: "The card says truthfully where and how the agent is reached",
  category: "card",
  level: "MUST",
  requirement:
    "0.3: url serves preferredTransport (default JSONRPC), additionalInterfaces is a list of {url, transport}, each serving its transport (a URL may serve several); 1.0: every supportedInterfaces entry has url, protocolBinding and protocolVersion. On 0.1 and 0.2 a url where nothing A2A answers is card.url-answers-0x's (SHOULD).",
  spec: "A2A 0.3 §5.5–§5.6 (url, preferredTransport, additionalInterfaces); 1.0 §5.7 AgentInterface",
  tck: ["CARD-PROTO-001", "CARD-PROTO-002", "BIND-FIELD-001"],
  quote: {
    spec: "A2A 0.3 §5.6.1; 1.0 §8.3.1",
    text: "0.3: The transport protocol available at the main `url` MUST match the `preferredTransport` field. 1.0: Each interface MUST accurately declare its transport protocol and URL",
  },
  recommendation:
    "Fix the interface fields Plainwright lists by path: http(s) URLs, a transport or protocolBinding per entry, and (1.0) a protocolVersion per entry.",
  selfTest: [{ flaw: "card-interfaces-not-list", protocols: ["0.3"], violates: ["CARD-PROTO-001"] }],
  scope: "agent",
  run: (ctx) => {
    // A card without supportedInterfaces at all lacks a REQUIRED member: card.required-fields reports it.
    const verdict = judgeCardIssuesWhere(
      ctx,
      (issue) =>
        underAny(issue.path, ["url", "preferredTransport", "additionalInterfaces", "supportedInterfaces"]) &&
        !lacksSupportedInterfaces(ctx, issue),
      "errors",
      "interfaces",
    );
    // The card named an endpoint where nothing A2A answers; Plainwright found the agent elsewhere.
    const moved = urlUnkeyworded(ctx) ? [] : movedEndpoints(ctx);
    // Interfaces that serve none of their routes were left out of the run: reported here, once.
    const routeless = (ctx.routeless ?? []).map(
      (r) =>
        `the card's ${r.transport} interface at ${r.url} serves none of its routes (the version probes and a message met ${r.answer})`,
    );
    if (moved.length === 0 && routeless.length === 0) return Promise.resolve(verdict);
    const wrong = [...moved, ...routeless].join("; ");
    return Promise.resolve(fail(verdict.status === "fail" ? `${verdict.message}; ${wrong}` : wrong));
  },
});
