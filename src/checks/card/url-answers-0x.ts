import { NO_ENDPOINT } from "../../card/endpoint.js";
import { defineCheck, fail, notApplicable, pass } from "../define.js";
import { movedEndpoints } from "./interfaces.js";

export default defineCheck({
  id: "card.url-answers-0x",
  title: "The card's url is where the agent answers A2A (A2A 0.1, 0.2)",
  category: "card",
  level: "SHOULD",
  levelReason:
    "0.1 and 0.2 define url without a keyword, as the base URL of the agent's A2A service: a card that names a place where nothing A2A answers breaks a defined mechanism, which the suite judges SHOULD where no keyword is given. 0.3 §5.6.1 makes it a MUST (card.interfaces, of which this is the 0.1 and 0.2 half).",
  splitOf: "card.interfaces",
  quote: {
    spec: "A2A 0.2.5 §5.5 AgentCard; 0.1 §5.5",
    text: "url | string | Yes | Base URL for the agent's A2A service. Must be absolute. HTTPS for production.",
  },
  requirement:
    "The card's url names the endpoint where the agent serves A2A: a url where nothing A2A answers, the agent being found elsewhere (a common path, a field of the card's own), is the deviation.",
  spec: "A2A 0.1 §5.5 AgentCard.url; 0.2 §5.5 AgentCard.url",
  recommendation:
    "Put the full URL of the JSON-RPC endpoint in the card's url (the path the handler is mounted on, not the server's base).",
  noSelfTest:
    "The reference agent speaks 0.3 and 1.0 only: the mutation card-url-moved plays the deviation on the lab's 0.1 and 0.2 agents.",
  scope: "agent",
  generations: ["0.1", "0.2"],
  run: (ctx) => {
    const moved = movedEndpoints(ctx);
    if (moved.length > 0) return Promise.resolve(fail(moved.join("; ")));
    if (ctx.endpoint.reason.startsWith("--endpoint"))
      return Promise.resolve(
        notApplicable("the endpoint was given with --endpoint: the card's url was not used"),
      );
    if (ctx.endpoint.reason.includes(NO_ENDPOINT))
      return Promise.resolve(notApplicable("the card names no url: card.required-fields reports it"));
    return Promise.resolve(pass(`the agent answers A2A at ${ctx.endpoint.url}, where the card points`));
  },
});
