import type { AgentProtocol, FlawDefinition } from "../types.js";

const BOTH: AgentProtocol[] = ["0.3", "1.0"];

/** Push notification flaws: configs forgotten, never delivered, or sent with the wrong credentials. */
export const PUSH_FLAWS: FlawDefinition[] = [
  {
    name: "push-config-not-stored",
    category: "protocol",
    protocols: BOTH,
    description: "Setting a push notification config succeeds, but it is never stored (get says not found).",
    expect: "push.config-crud and push.delivery fail",
    push: "config-not-stored",
  },
  {
    name: "push-no-delivery",
    category: "protocol",
    protocols: BOTH,
    description: "Push notification configs are stored, but the webhook is never called.",
    expect: "push.delivery fails",
    push: "no-delivery",
  },
  {
    name: "push-wrong-token",
    category: "protocol",
    protocols: BOTH,
    description: "The webhook is called with the wrong token and Authorization credentials.",
    expect: "push.delivery fails",
    push: "wrong-credentials",
  },
];
