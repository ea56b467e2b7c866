/** Realistic helpdesk agent cards for tests; every call returns a fresh object that tests may mutate. */

/** A card as parsed JSON, loose enough for tests to mutate any field. */
export type RawCard = Record<string, unknown>;

const HOST = "https://helpdesk-agent.example.com";

function skills(): RawCard[] {
  return [
    {
      id: "billing-questions",
      name: "Billing questions",
      description: "Explains invoices, charges and payment methods on a customer's account.",
      tags: ["billing", "invoices"],
      examples: ["Why was I charged twice this month?", "Which card is on file?"],
      inputModes: ["text/plain"],
      outputModes: ["text/plain"],
    },
    {
      id: "refunds",
      name: "Refunds",
      description: "Refunds duplicate or disputed charges and says when the money arrives.",
      tags: ["refunds", "billing"],
      examples: ["I was charged twice for order #4411. Can one of them be refunded?"],
    },
    {
      id: "account-access",
      name: "Account access",
      description: "Helps customers who are locked out: password resets and two-factor recovery.",
      tags: ["account", "login"],
      outputModes: ["text/plain", "application/json"],
    },
  ];
}

function common(): RawCard {
  return {
    name: "Helpdesk Agent",
    description: "Answers billing and account questions for Example Corp customers and files refunds.",
    version: "2.4.1",
    provider: { organization: "Example Corp", url: "https://example.com" },
    documentationUrl: "https://docs.example.com/helpdesk-agent",
    iconUrl: `${HOST}/icon.png`,
    defaultInputModes: ["text/plain"],
    defaultOutputModes: ["text/plain", "application/json"],
    skills: skills(),
  };
}

/** A complete, valid A2A 0.3 card: JSON-RPC main url, REST and gRPC as additional interfaces. */
export function validCard03(): RawCard {
  return {
    protocolVersion: "0.3.0",
    ...common(),
    url: `${HOST}/a2a/v1`,
    preferredTransport: "JSONRPC",
    additionalInterfaces: [
      { url: `${HOST}/a2a/v1`, transport: "JSONRPC" },
      { url: `${HOST}/a2a/rest`, transport: "HTTP+JSON" },
      { url: `${HOST}/a2a/grpc`, transport: "GRPC" },
    ],
    capabilities: { streaming: true, pushNotifications: false, stateTransitionHistory: false },
    securitySchemes: { bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" } },
    security: [{ bearer: [] }],
    supportsAuthenticatedExtendedCard: false,
  };
}

/** A complete, valid A2A 1.0 card: supportedInterfaces in preference order, 1.0 security shapes. */
export function validCard10(): RawCard {
  return {
    ...common(),
    supportedInterfaces: [
      { url: `${HOST}/a2a/v1`, protocolBinding: "JSONRPC", protocolVersion: "1.0" },
      { url: `${HOST}/a2a/rest`, protocolBinding: "HTTP+JSON", protocolVersion: "1.0" },
      { url: "helpdesk-agent.example.com:443", protocolBinding: "GRPC", protocolVersion: "1.0" },
    ],
    capabilities: { streaming: true, pushNotifications: false, extendedAgentCard: true },
    securitySchemes: { bearer: { httpAuthSecurityScheme: { scheme: "Bearer", bearerFormat: "JWT" } } },
    securityRequirements: [{ schemes: { bearer: { list: [] } } }],
  };
}

/** A valid hybrid card: 1.0 supportedInterfaces plus the 0.3 url, preferredTransport and protocolVersion. */
export function validCardHybrid(): RawCard {
  const card = validCard10();
  return { ...card, url: `${HOST}/a2a/v1`, preferredTransport: "JSONRPC", protocolVersion: "0.3.0" };
}

/** A valid A2A 0.2 card that states no protocolVersion (one warning: treated as 0.2). */
export function validCard02(): RawCard {
  const card = validCard03();
  delete card["protocolVersion"];
  delete card["preferredTransport"];
  delete card["additionalInterfaces"];
  delete card["supportsAuthenticatedExtendedCard"];
  return card;
}
