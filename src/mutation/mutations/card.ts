import { isObject } from "../exchange.js";
import type { Json, Mutation } from "../types.js";

// Set once card-says-0-2-at-0-3-path has changed a card.
const SAID_02 = "card-said-0.2";

/** Deviations in the agent card. */
export const cardMutations: Mutation[] = [
  {
    id: "card-not-served",
    violates: ["CARD-DISC-001"],
    what: "the well-known card path answers 404: no agent card is available",
    clause: "A2A 1.0.1 §8.1 (A2A Servers MUST make an Agent Card available), §8.2 well-known URI; 0.3 §5.3",
    check: "card.required-fields",
    // Every well-known card path (agent-card.json, the legacy agent.json, under the agent's path or the root).
    reply: (r, x) =>
      x.verb === "card" && r.status === 200
        ? { status: 404, contentType: "application/json", body: { error: "not found" } }
        : undefined,
  },
  {
    id: "card-name-dropped",
    violates: ["CARD-STRUCT-001", "DM-SERIAL-004"],
    what: "the card has no name",
    clause: "A2A 0.3 §5.5 AgentCard.name (required); 1.0.1 §5.7 (REQUIRED)",
    check: "card.required-fields",
    card: (card) => {
      if (!("name" in card)) return undefined;
      delete card.name;
      return card;
    },
  },
  {
    id: "card-modes-snake-case",
    violates: ["CARD-STRUCT-001", "DM-SERIAL-004"],
    what: "the card spells defaultInputModes as default_input_modes (seen at first sight)",
    clause:
      "A2A 0.3 §5.5 AgentCard.defaultInputModes (required, camelCase in the schema); 1.0.1 §5.5 (JSON field names MUST be camelCase), §5.7 (REQUIRED)",
    check: "card.required-fields",
    card: (card) => {
      if (!("defaultInputModes" in card)) return undefined;
      card.default_input_modes = card.defaultInputModes;
      delete card.defaultInputModes;
      return card;
    },
  },
  {
    id: "card-skills-emptied",
    what: "the card lists no skill (skills: [])",
    clause:
      "A2A 1.0.1 §5.7 (Arrays marked as required MUST contain at least one element; AgentCard.skills REQUIRED)",
    check: { "1.0": "card.required-fields" },
    generations: ["1.0"],
    card: (card) => {
      if (!Array.isArray(card.skills) || card.skills.length === 0) return undefined;
      card.skills = [];
      return card;
    },
  },
  {
    id: "card-skill-without-tags",
    what: "the first skill has no tags",
    clause: "A2A 0.3 §5.5.4 AgentSkill.tags (required); 1.0.1 §5.7 AgentSkill (REQUIRED)",
    check: "card.skills",
    card: (card) => {
      const skill = Array.isArray(card.skills) ? (card.skills[0] as unknown) : undefined;
      if (!isObject(skill)) return undefined;
      delete skill.tags;
      return card;
    },
  },
  {
    id: "card-capability-not-boolean",
    what: 'capabilities.streaming is the string "yes"',
    clause: "A2A 0.3 §5.5.2 AgentCapabilities.streaming (boolean); 1.0.1 §5.7",
    check: "card.capabilities",
    card: (card) => {
      const caps: Json = isObject(card.capabilities) ? card.capabilities : {};
      caps.streaming = "yes";
      card.capabilities = caps;
      return card;
    },
  },
  {
    // Seen at first sight on two servers: ["text"] for text/plain.
    id: "card-modes-bare-words",
    what: 'defaultInputModes and defaultOutputModes are ["text"], a bare word where a media type belongs',
    clause: "A2A 0.3 §5.5 AgentCard.defaultInputModes (MIME types); 1.0.1 §4.4.1 (defined as media types)",
    check: "card.modes-media-types",
    card: (card) => {
      card.defaultInputModes = ["text"];
      card.defaultOutputModes = ["text"];
      return card;
    },
  },
  {
    id: "card-says-0-2-at-0-3-path",
    what: "a 0.3 agent's card says protocolVersion 0.2.0 where 0.3 puts it (/.well-known/agent-card.json), and the agent has no method only 0.3 defines to show its generation otherwise",
    clause: "A2A 0.3 §5.5 protocolVersion, §5.3 (the well-known URI 0.3 introduced)",
    check: { "0.x": "card.protocol-version-matches-wire" },
    generations: ["0.x"],
    // Over JSON-RPC 0.2 and 0.3 share the method names: only the path tells them apart there.
    bindings: ["JSONRPC", "HTTP+JSON"],
    // Only a card served at 0.3's path says so: at 0.2's own agent.json a 0.2.0 claim contradicts nothing.
    reply: (r, x, memory) => {
      if (x.verb !== "card" || !x.path.split("?")[0]?.endsWith("/.well-known/agent-card.json"))
        return undefined;
      if (!isObject(r.body) || typeof r.body.protocolVersion !== "string") return undefined;
      if (!r.body.protocolVersion.startsWith("0.3")) return undefined;
      r.body.protocolVersion = "0.2.0";
      memory.set(SAID_02, true);
      return r;
    },
    // 0.3's own JSON-RPC method answered as unknown, as by an agent that leaves it out (only once the card
    // was changed: an agent whose card stays as it is shows nothing to judge).
    request: (r, _x, memory) => {
      if (!memory.has(SAID_02)) return undefined;
      if (!isObject(r.body) || r.body.method !== "agent/getAuthenticatedExtendedCard") return undefined;
      r.body.method = "plainwright/no-authenticated-extended-card";
      return r;
    },
  },
  {
    id: "card-preferred-transport-dropped",
    violates: ["CARD-STRUCT-001"],
    what: "the card of a 0.3 agent has no preferredTransport",
    clause: "A2A 0.3 §5.6.1: the preferredTransport field is REQUIRED and MUST be present in every AgentCard",
    check: { "0.x": "card.required-fields" },
    generations: ["0.x"],
    // Only a card that says 0.3: 0.2 had no preferredTransport, so a 0.2 card owes none.
    card: (card) => {
      const version = typeof card.protocolVersion === "string" ? card.protocolVersion : "";
      if (!("preferredTransport" in card) || !version.startsWith("0.3")) return undefined;
      delete card.preferredTransport;
      return card;
    },
  },
  {
    id: "card-jsonrpc-declared-as-rest",
    what: "the 0.3 card says its url serves HTTP+JSON (and lists no other interface) where the agent answers JSON-RPC",
    clause:
      "A2A 0.3 §5.6.1: the transport protocol available at the main url MUST match the preferredTransport field",
    check: { "0.x": "card.interfaces" },
    generations: ["0.x"],
    protocols: ["0.3"],
    card: (card) => {
      const version = typeof card.protocolVersion === "string" ? card.protocolVersion : "";
      const preferred = card.preferredTransport ?? "JSONRPC";
      if (!version.startsWith("0.3") || preferred !== "JSONRPC" || typeof card.url !== "string")
        return undefined;
      card.preferredTransport = "HTTP+JSON";
      delete card.additionalInterfaces;
      return card;
    },
  },
  {
    id: "card-rest-interface-without-routes",
    what: "the card declares its HTTP+JSON interface at a URL where none of the binding's routes is served (every call meets a 404 page), beside a binding that answers",
    clause:
      "A2A 0.3 §5.6.2: each interface MUST accurately declare the transport protocol available at its specified URL; 1.0.1 §8.3.1",
    check: "card.interfaces",
    card: (card) => {
      const listed = [card.additionalInterfaces, card.supportedInterfaces].flatMap((l) =>
        Array.isArray(l) ? l.filter(isObject) : [],
      );
      const bindingOf = (i: Json) => i.transport ?? i.protocolBinding;
      const rest = listed.filter((i) => bindingOf(i) === "HTTP+JSON" && typeof i.url === "string");
      // Another binding must answer: the run then leaves the interface out and card.interfaces reports it.
      const other = listed.some((i) => bindingOf(i) !== "HTTP+JSON") || !("supportedInterfaces" in card);
      if (rest.length === 0 || !other) return undefined;
      for (const i of rest) i.url = `${String(i.url).replace(/\/+$/, "")}/not/mounted/here`;
      return card;
    },
  },
  {
    id: "card-main-interface-unlisted",
    what: "the 0.3 card's additionalInterfaces leave out the main url and its transport",
    clause:
      "A2A 0.3 §5.6.3: if additionalInterfaces is provided, it SHOULD include an entry corresponding to the main url and preferredTransport",
    check: { "0.x": "card.interfaces-complete-0x" },
    generations: ["0.x"],
    card: (card) => {
      const list = card.additionalInterfaces;
      if (!Array.isArray(list) || typeof card.url !== "string") return undefined;
      const url = card.url.replace(/\/+$/, "");
      const kept = list.filter(
        (i) => !isObject(i) || typeof i.url !== "string" || i.url.replace(/\/+$/, "") !== url,
      );
      if (kept.length === list.length) return undefined;
      card.additionalInterfaces = kept;
      return card;
    },
  },
  {
    id: "card-url-moved",
    what: "the 0.x card's url names a path where nothing A2A answers (the server's base, seen at first sight); the endpoint is given only under a field of the card's own",
    clause:
      "A2A 0.1 and 0.2 §5.5 AgentCard.url: 'Base URL for the agent's A2A service' (no keyword: SHOULD); 0.3 §5.6.1: the transport at the main url MUST match preferredTransport",
    check: { "0.1": "card.url-answers-0x", "0.2": "card.url-answers-0x", "0.x": "card.interfaces" },
    generations: ["0.x"],
    card: (card) => {
      const preferred = card.preferredTransport ?? "JSONRPC";
      if (typeof card.url !== "string" || preferred !== "JSONRPC" || !/^https?:\/\//.test(card.url))
        return undefined;
      const served = card.url;
      const moved = `${new URL(served).origin}/plainwright-not-mounted`;
      card.url = moved;
      // The interfaces that name the same place move with it: the card must offer the endpoint nowhere else.
      if (Array.isArray(card.additionalInterfaces))
        for (const i of card.additionalInterfaces as unknown[])
          if (isObject(i) && i.url === served) i.url = moved;
      card.endpoints = { jsonrpc: served };
      return card;
    },
  },
  {
    id: "card-version-not-spoken",
    what: "the card claims a protocol version the agent does not speak on the wire",
    clause: "A2A 0.3 §5.5 protocolVersion; 1.0.1 §5.7 AgentInterface.protocolVersion",
    check: "card.protocol-version-matches-wire",
    card: (card) => {
      if (typeof card.protocolVersion === "string") {
        card.protocolVersion = "0.1.0";
        return card;
      }
      if (!Array.isArray(card.supportedInterfaces)) return undefined;
      for (const i of card.supportedInterfaces as unknown[]) if (isObject(i)) i.protocolVersion = "0.3";
      return card;
    },
  },
  {
    id: "card-provider-without-url",
    what: "the card names a provider without its required url",
    clause: "A2A 0.3 §5.5.1 AgentProvider.url (required); 1.0.1 §5.7 AgentProvider (REQUIRED url)",
    check: "card.schema-valid",
    generations: ["0.x"],
    // 0.1's schema requires only the provider's organization (v0.1.0 specification/json/a2a.json).
    protocols: ["0.2", "0.3"],
    card: (card) => {
      card.provider = { organization: "Mutation Lab" };
      return card;
    },
  },
  {
    id: "card-security-schemes-list",
    what: "the card gives securitySchemes as a list (empty, or of its schemes) instead of a map of names to schemes (seen at first sight)",
    clause:
      "A2A 0.3 §5.5 AgentCard.securitySchemes ({ [scheme: string]: SecurityScheme }); 1.0.1 §4.4.1 AgentCard, a2a.proto map<string, SecurityScheme> security_schemes",
    check: "card.schema-valid",
    card: (card) => {
      card.securitySchemes = isObject(card.securitySchemes) ? Object.values(card.securitySchemes) : [];
      return card;
    },
  },
  {
    id: "card-security-in-0x-form",
    what: 'the 1.0 card declares its security in the 0.x form: a scheme {"type": "http", "scheme": "bearer"} and a requirement {"bearer": []}',
    clause:
      "A2A 1.0.1 §4.5.1 SecurityScheme (a oneof: the member present is the scheme), a2a.proto SecurityRequirement { schemes }",
    check: "card.schema-valid",
    generations: ["1.0"],
    card: (card) => {
      const schemes = isObject(card.securitySchemes) ? card.securitySchemes : {};
      card.securitySchemes = { ...schemes, legacyBearer: { type: "http", scheme: "bearer" } };
      const requirements: unknown[] = Array.isArray(card.securityRequirements)
        ? card.securityRequirements
        : [];
      card.securityRequirements = [...requirements, { legacyBearer: [] }];
      return card;
    },
  },
  {
    // Seen at first sight: an agent that answers 1.0's methods behind a card in the 0.x form, stating no
    // version at all. The card is the one its 1.0 clients read, and it names no interface they can find.
    id: "card-versionless-0x-form",
    what: "the card of an agent that speaks 1.0 takes the 0.x form with no version: its JSON-RPC URL in url, no supportedInterfaces, no protocolVersion",
    clause:
      "A2A 1.0.1 §8.3 (the AgentCard MUST properly declare supported protocols), §4.4.1 AgentCard.supportedInterfaces (REQUIRED)",
    check: "card.required-fields",
    generations: ["1.0"],
    card: (card) => {
      const declared: unknown[] = Array.isArray(card.supportedInterfaces) ? card.supportedInterfaces : [];
      const jsonRpc = declared.find((i) => isObject(i) && i.protocolBinding === "JSONRPC");
      if (!isObject(jsonRpc) || typeof jsonRpc.url !== "string") return undefined;
      const { supportedInterfaces: _dropped, protocolVersion: _unstated, ...rest } = card;
      return { ...rest, url: jsonRpc.url };
    },
  },
];
