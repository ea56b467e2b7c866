import type { AgentProtocol, FlawDefinition, JsonObject } from "../types.js";
import { isObject } from "../json.js";

const BOTH: AgentProtocol[] = ["0.3", "1.0"];
const V03: AgentProtocol[] = ["0.3"];
const V10: AgentProtocol[] = ["1.0"];

function cardFlaw(
  name: string,
  protocols: AgentProtocol[],
  description: string,
  expect: string,
  mutateCard: (card: JsonObject) => void,
): FlawDefinition {
  return {
    name,
    category: "card",
    protocols,
    description,
    expect,
    mutateCard: (card) => {
      mutateCard(card);
      return card;
    },
  };
}

function firstSkill(card: JsonObject): JsonObject {
  const skills = card.skills as JsonObject[];
  const skill = skills[0];
  if (!skill) throw new Error("the base card has no skills");
  return skill;
}

function capabilities(card: JsonObject): JsonObject {
  return card.capabilities as JsonObject;
}

function renameKey(card: JsonObject, from: string, to: string): void {
  if (!(from in card)) return;
  card[to] = card[from];
  delete card[from];
}

/** Card rows of the validation table of docs/test-files.md, one mutation each. */
export const CARD_FLAWS: FlawDefinition[] = [
  cardFlaw("card-missing-name", BOTH, "The card has no name.", "error on name", (c) => delete c.name),
  cardFlaw("card-empty-description", BOTH, 'The description is "".', "error on description", (c) => {
    c.description = "";
  }),
  cardFlaw(
    "card-missing-protocol-version",
    V03,
    "The card of a 0.3 agent has no protocolVersion.",
    "card.required-fields fails: the agent speaks 0.3, whose §5.5 requires protocolVersion",
    (c) => delete c.protocolVersion,
  ),
  cardFlaw(
    "card-missing-preferred-transport",
    V03,
    "The card of a 0.3 agent has no preferredTransport.",
    "card.required-fields fails: the agent speaks 0.3, whose §5.6.1 makes preferredTransport REQUIRED",
    (c) => delete c.preferredTransport,
  ),
  cardFlaw(
    "card-missing-version",
    BOTH,
    "The card has no version.",
    "error on version",
    (c) => delete c.version,
  ),
  cardFlaw(
    "card-bad-url",
    V03,
    'url is "ftp://helpdesk.invalid/a2a" and there are no additionalInterfaces.',
    "error on url",
    (c) => {
      c.url = "ftp://helpdesk.invalid/a2a";
      delete c.additionalInterfaces;
    },
  ),
  cardFlaw(
    "card-url-only-in-interfaces",
    V03,
    "url is missing; additionalInterfaces still lists the JSON-RPC URL.",
    "warning on url; smoke passes through the JSONRPC interface",
    (c) => delete c.url,
  ),
  cardFlaw(
    "card-bad-protocol-version",
    V03,
    "protocolVersion is the number 3.",
    "error on protocolVersion",
    (c) => {
      c.protocolVersion = 3;
    },
  ),
  cardFlaw(
    "card-no-protocol-version",
    V03,
    "protocolVersion is missing.",
    "warning on protocolVersion (treated as 0.2); smoke passes",
    (c) => delete c.protocolVersion,
  ),
  cardFlaw(
    "card-bad-preferred-transport",
    V03,
    "preferredTransport is 5, no transport name (0.3 §5.6.1: a TransportProtocol string).",
    "error on preferredTransport",
    (c) => {
      c.preferredTransport = 5;
    },
  ),
  cardFlaw(
    "card-main-interface-unlisted",
    V03,
    "additionalInterfaces lists the other transports but not the main url's.",
    "card.interfaces-complete-0x fails",
    (c) => {
      const list = Array.isArray(c.additionalInterfaces) ? c.additionalInterfaces : [];
      c.additionalInterfaces = list.filter((i) => !isObject(i) || i.url !== c.url);
    },
  ),
  cardFlaw(
    "card-interfaces-not-list",
    V03,
    "additionalInterfaces is an object.",
    "error on additionalInterfaces",
    (c) => {
      c.additionalInterfaces = { JSONRPC: c.url };
    },
  ),
  cardFlaw("card-no-capabilities", BOTH, "capabilities is missing.", "error on capabilities", (c) => {
    delete c.capabilities;
  }),
  cardFlaw(
    "card-capability-not-boolean",
    BOTH,
    'capabilities.streaming is "yes".',
    "warning on capabilities.streaming",
    (c) => {
      capabilities(c).streaming = "yes";
    },
  ),
  cardFlaw(
    "card-modes-not-media-types",
    BOTH,
    'defaultInputModes is ["text"] and the first skill\'s outputModes ["json"] (seen at first sight: bare words).',
    "warnings on defaultInputModes and skills[0].outputModes",
    (c) => {
      c.defaultInputModes = ["text"];
      const [skill] = Array.isArray(c.skills) ? (c.skills as Array<Record<string, unknown>>) : [];
      if (skill) skill.outputModes = ["json"];
    },
  ),
  cardFlaw("card-no-input-modes", BOTH, "defaultInputModes is [].", "error on defaultInputModes", (c) => {
    c.defaultInputModes = [];
  }),
  cardFlaw("card-skills-not-list", BOTH, "skills is {}.", "error on skills", (c) => {
    c.skills = {};
  }),
  cardFlaw("card-no-skills", BOTH, "skills is [].", "warning only on skills; smoke passes", (c) => {
    c.skills = [];
  }),
  cardFlaw("card-skill-missing-id", BOTH, "The first skill has no id.", "error on skills[0].id", (c) => {
    delete firstSkill(c).id;
  }),
  cardFlaw("card-duplicate-skill-id", BOTH, "Two skills share one id.", "error: duplicate skill id", (c) => {
    const skills = c.skills as JsonObject[];
    const [first, second] = skills;
    if (first && second) second.id = first.id;
  }),
  cardFlaw(
    "card-skill-tags-not-strings",
    BOTH,
    "The first skill's tags are [1, 2].",
    "error on skills[0].tags",
    (c) => {
      firstSkill(c).tags = [1, 2];
    },
  ),
  cardFlaw(
    "card-claims-extended-card",
    V10,
    "The card claims capabilities.extendedAgentCard, but the agent has none and answers UnsupportedOperation.",
    "card.extended-card fails",
    (c) => {
      capabilities(c).extendedAgentCard = true;
    },
  ),
  cardFlaw("card-skill-no-tags", BOTH, "The first skill has no tags.", "warning on skills[0].tags", (c) => {
    delete firstSkill(c).tags;
  }),
  cardFlaw(
    "card-skill-examples-not-list",
    BOTH,
    'The first skill\'s examples is the string "x".',
    "warning on skills[0].examples",
    (c) => {
      firstSkill(c).examples = "x";
    },
  ),
  cardFlaw(
    "card-no-provider-organization",
    BOTH,
    "provider has a url but no organization.",
    "warning on provider.organization",
    (c) => {
      delete (c.provider as JsonObject).organization;
    },
  ),
  cardFlaw(
    "card-bad-documentation-url",
    BOTH,
    'documentationUrl is "docs.example" (not http(s)).',
    "warning on documentationUrl",
    (c) => {
      c.documentationUrl = "docs.example";
    },
  ),
  cardFlaw(
    "card-snake-case",
    BOTH,
    "Fields are written snake_case (default_input_modes, default_output_modes, documentation_url, icon_url).",
    "warnings only (the spec uses camelCase); the card is still read and smoke passes",
    (c) => {
      renameKey(c, "defaultInputModes", "default_input_modes");
      renameKey(c, "defaultOutputModes", "default_output_modes");
      renameKey(c, "documentationUrl", "documentation_url");
      renameKey(c, "iconUrl", "icon_url");
    },
  ),
  cardFlaw(
    "card-version-lies-old",
    V03,
    'protocolVersion is "0.1.0" although the agent speaks A2A 0.3 (message/send) on the wire.',
    "the wire probe finds 0.3: a card warning names both versions and everything runs in 0.3",
    (c) => {
      c.protocolVersion = "0.1.0";
    },
  ),
  cardFlaw(
    "card-provider-no-url",
    BOTH,
    "provider has an organization but no url, which the A2A 0.3 JSON schema and the 1.0.1 proto (REQUIRED) require.",
    "card.schema-valid fails: provider.url is required by the A2A 0.3.0 JSON schema / the A2A 1.0.1 proto",
    (c) => {
      c.provider = { organization: "Plainwright" };
    },
  ),
  cardFlaw(
    "card-scheme-incomplete",
    BOTH,
    "securitySchemes declares an API key scheme without its name and location (0.3: in) (declared only, required by no requirement).",
    "card.schema-valid fails: the 0.3.0 JSON schema requires securitySchemes.key.name and .in; the 1.0.1 proto requires apiKeySecurityScheme.name and .location",
    (c) => {
      // A 1.0 card lists supportedInterfaces and wraps a scheme in its oneof member (1.0.1 §4.5.1).
      const key = "supportedInterfaces" in c ? { apiKeySecurityScheme: {} } : { type: "apiKey" };
      c.securitySchemes = { ...(c.securitySchemes as object | undefined), key };
    },
  ),
  cardFlaw(
    "card-version-says-0-2",
    V03,
    'protocolVersion is "0.2.0" although the agent serves the 0.3 card path and 0.3\'s agent/getAuthenticatedExtendedCard.',
    "the wire probe finds 0.3 (a method 0.2 never had): a card warning names both versions and everything runs in 0.3",
    (c) => {
      c.protocolVersion = "0.2.0";
    },
  ),
  cardFlaw(
    "card-interface-missing-binding",
    V10,
    "supportedInterfaces[0] has no protocolBinding.",
    "error on supportedInterfaces[0].protocolBinding",
    (c) => {
      const [first] = c.supportedInterfaces as JsonObject[];
      if (first) delete first.protocolBinding;
    },
  ),
  {
    name: "card-no-cache-headers",
    category: "card",
    protocols: V10,
    description: "The card is served without Cache-Control and ETag.",
    expect: "card.cache-headers fails (A2A 1.0 §8.6 SHOULD)",
    cardResponder: (location, _req, res, ctx) => {
      if (location !== "agent-card.json") return false;
      // res.end, not res.send: Express would add a weak ETag of its own.
      res.status(200).type("application/json").end(ctx.body);
      return true;
    },
  },
  {
    name: "card-signature-covers-signatures",
    category: "card",
    protocols: BOTH,
    description:
      "The card carries two signatures; the second (a rotated key) was computed over the card with the first signature still in it.",
    expect:
      "card.signature-valid fails: the payload includes the signatures field (A2A 1.0.1 §8.4.1 MUST; 0.3: card.signature-valid-0x, MAY)",
    cardSignature: "covers-signatures",
  },
  {
    name: "card-signature-not-canonical",
    category: "card",
    protocols: BOTH,
    description:
      "The card is signed over its JSON as written (JSON.stringify), not its RFC 8785 canonical form.",
    expect:
      "card.signature-valid fails: the payload is not JCS (A2A 1.0.1 §8.4.1 MUST; 0.3: card.signature-valid-0x, MAY)",
    cardSignature: "not-canonical",
  },
  {
    name: "card-signature-kid-unprotected",
    category: "card",
    protocols: V10,
    description:
      "The signature's kid sits in the unprotected header; the protected header has alg, typ and jku only.",
    expect: "card.signature-header fails (A2A 1.0.1 §8.4.2 MUST); the signature itself still verifies",
    cardSignature: "kid-unprotected",
  },
];
