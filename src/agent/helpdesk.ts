import type { AgentLayout, JsonObject, ReplyPlan } from "./types.js";

/** Timing knobs the helpdesk plans with. */
export interface HelpdeskTiming {
  workMs: number;
  slowTaskMs: number;
}

export const JSONRPC_PATH = "/a2a/jsonrpc";
export const REST_PATH = "/a2a/rest";

const SKILLS = [
  {
    id: "billing-questions",
    name: "Billing questions",
    description: "Explains invoices, charges and payment methods, and spots duplicate charges.",
    tags: ["billing", "invoices", "payments"],
    examples: ["Why was I charged twice this month?", "Which card is on file for my account?"],
  },
  {
    id: "refunds",
    name: "Refunds",
    description: "Starts refunds for eligible orders and explains how long they take.",
    tags: ["refunds", "orders"],
    examples: ["Can I get a refund for order #4411?"],
  },
  {
    id: "account-help",
    name: "Account help",
    description: "Helps with sign-in problems, profile changes and closing an account.",
    tags: ["account", "login"],
    examples: ["I can't sign in after resetting my password.", "I want to change something on my account."],
  },
];

/** Card fields shared by every protocol generation. */
export function commonCardFields(): JsonObject {
  return {
    name: "Plainwright Helpdesk",
    description:
      "Customer-support agent for a small online shop: answers billing, refund and account questions " +
      "and asks a clarifying question when a request is ambiguous.",
    version: "1.2.0",
    provider: { organization: "Plainwright Examples", url: "https://plainwright.example" },
    documentationUrl: "https://plainwright.example/docs/reference-agent",
    iconUrl: "https://plainwright.example/icons/helpdesk.png",
    defaultInputModes: ["text/plain"],
    defaultOutputModes: ["text/plain"],
    skills: structuredClone(SKILLS),
  };
}

/** The gRPC interface's url as the card advertises it; 0.3 AgentInterface.url is a URL, 1.0.1 allows host:port. */
export function grpcInterfaceUrl(layout: AgentLayout): string | undefined {
  if (layout.grpcAuthority === undefined) return undefined;
  return layout.protocol === "0.3" ? `http://${layout.grpcAuthority}` : layout.grpcAuthority;
}

/** The spec-JSON card for a protocol, before any flaw; push notifications are claimed unless turned off. */
export function buildCard(layout: AgentLayout, pushNotifications = true): JsonObject {
  const jsonrpc = `${layout.base}${JSONRPC_PATH}`;
  const rest = `${layout.base}${REST_PATH}`;
  const common = commonCardFields();
  const grpc = grpcInterfaceUrl(layout);
  if (layout.protocol === "0.3") {
    return {
      protocolVersion: "0.3.0",
      ...common,
      url: jsonrpc,
      preferredTransport: "JSONRPC",
      // A2A 0.3 §5.6: additionalInterfaces SHOULD repeat the main url/transport pair.
      additionalInterfaces: [
        { url: jsonrpc, transport: "JSONRPC" },
        { url: rest, transport: "HTTP+JSON" },
        ...(grpc ? [{ url: grpc, transport: "GRPC" }] : []),
      ],
      capabilities: { streaming: true, pushNotifications, stateTransitionHistory: false },
    };
  }
  // A2A 1.0: supportedInterfaces is ordered, the first entry preferred; gRPC urls may be host:port (1.0.1).
  return {
    ...common,
    supportedInterfaces: [
      { url: jsonrpc, protocolBinding: "JSONRPC", protocolVersion: "1.0" },
      { url: rest, protocolBinding: "HTTP+JSON", protocolVersion: "1.0" },
      ...(grpc ? [{ url: grpc, protocolBinding: "GRPC", protocolVersion: "1.0" }] : []),
    ],
    capabilities: { streaming: true, pushNotifications, extendedAgentCard: false },
  };
}

/**
 * A refund looks the order up first: the task stays working for at least this long and reports its
 * progress, so a client sees it running the way it would on a real agent.
 */
const LOOKUP_MS = 300;
const LOOKUP_PROGRESS = ["Looking up the order.", "Checking the refund policy."];

/**
 * A long task reports that it is still working every HEARTBEAT_MS, as real long-running agents do, so
 * whoever starts listening meanwhile (a push config set, a subscription) hears from it promptly
 * instead of only when it ends.
 */
const HEARTBEAT_MS = 200;
const heartbeat = (workMs: number): string[] =>
  Array.from({ length: Math.max(0, Math.ceil(workMs / HEARTBEAT_MS) - 1) }, () => "Still working on it.");

/** Messages too vague to act on: the helpdesk asks which topic they are about. */
const VAGUE = /ambiguous|change something on my account/;

/** Decides the reply to one user message; `resuming` is a follow-up on an input-required task. */
export function planReply(text: string, resuming: boolean, timing: HelpdeskTiming): ReplyPlan {
  const lower = text.toLowerCase();
  const workMs = lower.includes("slow") ? timing.slowTaskMs : timing.workMs;
  if (resuming) {
    return {
      workMs,
      outcome: {
        kind: "completed",
        text: `Thanks, that settles it. I have noted: "${text}". Anything else?`,
      },
    };
  }
  if (VAGUE.test(lower)) {
    return {
      workMs,
      outcome: {
        kind: "input-required",
        question: "Is this about a charge on your invoice, a refund, or your account login?",
      },
    };
  }
  const outcome = {
    kind: "completed" as const,
    text: `I can help with billing, refunds and account questions. You asked: "${text}"`,
  };
  if (/refund for order/.test(lower))
    return { workMs: Math.max(workMs, LOOKUP_MS), progress: LOOKUP_PROGRESS, outcome };
  if (lower.includes("slow")) return { workMs, progress: heartbeat(workMs), outcome };
  return { workMs, outcome };
}
