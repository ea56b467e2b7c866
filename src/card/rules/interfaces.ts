/**
 * Rules for where the agent can be reached: url, preferredTransport, additionalInterfaces (0.2.4–0.3) and
 * supportedInterfaces (1.0). They are checked together because each rule depends on the others.
 */
import { generationOf, type ProtocolGeneration } from "../../model/generation.js";
import { parseTransport } from "../../model/transport.js";
import { interfaceKey } from "../normalize.js";
import type { CardInterface } from "../types.js";
import type { Transport } from "../../model/transport.js";
import type { Field, IssueLog } from "./read.js";
import { type JsonObject, isObject } from "../../model/json.js";
import {
  describe,
  isAbsoluteUrl,
  isHostPort,
  isHttpUrl,
  looksLikeVersion,
  mustBe,
  readField,
} from "./read.js";

/** One interface as read from the card; `iface` is null when its url or transport is not even a string. */
interface Declared {
  iface: CardInterface | null;
  /** The URL can be called with the declared transport. */
  usable: boolean;
  canonical: Transport | null;
  source: string;
}

interface DeclaredList {
  present: boolean;
  isList: boolean;
  path: string;
  /** How many entries the list holds, readable or not. */
  listed: number;
  entries: Declared[];
}

export interface InterfaceFacts {
  url: string | null;
  preferredTransport: string | null;
  interfaces: CardInterface[];
}

/** Checks url, preferredTransport, additionalInterfaces and supportedInterfaces; lists the interfaces in card order. */
export function checkInterfaces(
  card: JsonObject,
  log: IssueLog,
  cardVersion: string | null,
  wire?: ProtocolGeneration,
): InterfaceFacts {
  const url = readField(card, "", "url", log);
  const preferred = readField(card, "", "preferredTransport", log);
  const additional = readList(card, "additionalInterfaces", log, (entry, path) =>
    readAdditionalEntry(entry, path, log, cardVersion),
  );
  const supported = readList(card, "supportedInterfaces", log, (entry, path) =>
    readSupportedEntry(entry, path, log),
  );
  // A list whose entries are all unreadable has had each named above: "empty" would contradict them.
  if (supported.isList && supported.listed === 0) {
    log.error(supported.path, `${supported.path} is empty; an A2A 1.0 card must list at least one interface`);
  }
  // A card that names 1.0 as its version but keeps only 0.3's url: a 1.0 client finds its interfaces in
  // supportedInterfaces alone (1.0.1 §5.2: "Agents MUST declare all supported protocols in their AgentCard";
  // a2a.proto AgentCard.supported_interfaces REQUIRED). Not where the wire speaks 0.x: that card is a 0.x card
  // with a wrong version, card.protocol-version-matches-wire's one finding (seen at first sight: "1.0.0" on 0.1).
  const wireIs0x = wire !== undefined && wire !== "1.0";
  if (!supported.present && !wireIs0x && cardVersion !== null && generationOf(cardVersion) === "1.0") {
    log.error(
      supported.path,
      `the card says protocolVersion ${describe(cardVersion)} but has no supportedInterfaces, where an A2A 1.0 client looks for the agent's interfaces; Plainwright took the endpoint from its url, as a 0.3 client would`,
    );
  }
  // The same card without any version, from an agent that answers A2A 1.0 on the wire: the card is the one
  // 1.0 clients read, and a 0.x card claims nothing a 1.0 client can reach.
  if (!supported.present && cardVersion === null && wire === "1.0") {
    log.error(
      supported.path,
      `the card states no protocolVersion and has no supportedInterfaces, yet the agent answers A2A 1.0 on the wire: an A2A 1.0 client looks for the agent's interfaces in supportedInterfaces alone and finds none`,
    );
  }
  const others = [...supported.entries, ...additional.entries];
  const preferredName = checkPreferredTransport(preferred, log);
  const main = mainInterface(url, preferredName, cardVersion);
  checkUrl(url, supported.present, others, log);
  if (additional.isList) {
    // One URL declared with two transports is no conflict: 0.3 §5.6.2 and 1.0.1 §8.3.1 say URLs MAY be reused
    // where several transports are available at the same endpoint. Whether each answers there is the run's to
    // find: an interface that serves none of its routes is card.interfaces' finding (ctx.routeless).
    checkRepeatsMain(main, additional, log);
  }
  return {
    url: typeof url.value === "string" ? url.value : null,
    preferredTransport: preferredName,
    interfaces: assemble(supported.entries, main, additional.entries),
  };
}

function readList(
  card: JsonObject,
  key: string,
  log: IssueLog,
  readEntry: (entry: unknown, path: string) => Declared | null,
): DeclaredList {
  const field = readField(card, "", key, log);
  const out: DeclaredList = {
    present: field.value !== undefined,
    isList: false,
    path: field.path,
    listed: 0,
    entries: [],
  };
  if (!out.present) return out;
  if (!Array.isArray(field.value)) {
    log.error(field.path, mustBe(field.path, field.value, "a list of interfaces"));
    return out;
  }
  out.isList = true;
  out.listed = field.value.length;
  field.value.forEach((entry: unknown, i) => {
    const declared = readEntry(entry, `${field.path}[${i}]`);
    if (declared) out.entries.push(declared);
  });
  return out;
}

/** A known transport spelled differently from the spec is read, with a warning naming the spec's spelling. */
function checkTransportName(field: Field, log: IssueLog): Transport | null {
  if (typeof field.value !== "string" || field.value.trim() === "") {
    log.error(field.path, mustBe(field.path, field.value, 'a transport name such as "JSONRPC"'));
    return null;
  }
  const canonical = parseTransport(field.value) ?? null;
  if (canonical !== null && canonical !== field.value) {
    log.warn(
      field.path,
      `${field.path} ${describe(field.value)} is read as ${canonical}; the spec spells it ${canonical}`,
    );
  }
  return canonical;
}

// 0.3 §5.6 and 1.0.1 §5.8 let a card name bindings of its own (a URI in 1.0, any string in 0.3's
// `TransportProtocol | string`); their URLs take the binding's scheme (the spec's own example is wss://).
// Plainwright cannot call them, so they are not usable, but any absolute URL is well-formed there.
function checkInterfaceUrl(url: Field, canonical: Transport | null, binding: Field, log: IssueLog): boolean {
  const grpc = canonical === "GRPC";
  const usable = isHttpUrl(url.value) || (grpc && isHostPort(url.value));
  const custom = canonical === null && typeof binding.value === "string" && binding.value.trim() !== "";
  if (!usable && !(custom && isAbsoluteUrl(url.value)))
    log.error(url.path, mustBe(url.path, url.value, grpc ? "an http(s) URL or host:port" : "an http(s) URL"));
  return usable;
}

// 0.3 AgentInterface {url, transport}: "url MUST serve transport", so both are required.
function readAdditionalEntry(
  entry: unknown,
  path: string,
  log: IssueLog,
  cardVersion: string | null,
): Declared | null {
  if (!isObject(entry)) {
    log.error(path, `${path} must be an object with url and transport, got ${describe(entry)}`);
    return null;
  }
  const url = readField(entry, path, "url", log);
  const transport = readField(entry, path, "transport", log);
  const canonical = checkTransportName(transport, log);
  // 0.3 §5.6 sets no form for the URL: a gRPC address is host:port as gRPC dials it (the 0.3 SDKs' own
  // examples advertise it so), as 1.0's AgentInterface allows in so many words.
  const usable = checkInterfaceUrl(url, canonical, transport, log);
  const iface =
    typeof url.value === "string" && typeof transport.value === "string"
      ? withVersion({ url: url.value, transport: transport.value, source: path }, cardVersion)
      : null;
  return { iface, usable, canonical, source: path };
}

// 1.0 AgentInterface {url, protocolBinding, protocolVersion, tenant?} (A2A 1.0 §4.4); gRPC may be host:port.
function readSupportedEntry(entry: unknown, path: string, log: IssueLog): Declared | null {
  if (!isObject(entry)) {
    log.error(
      path,
      `${path} must be an object with url, protocolBinding and protocolVersion, got ${describe(entry)}`,
    );
    return null;
  }
  const url = readField(entry, path, "url", log);
  const binding = readField(entry, path, "protocolBinding", log);
  const canonical = checkTransportName(binding, log);
  const usable = checkInterfaceUrl(url, canonical, binding, log);
  const version = readField(entry, path, "protocolVersion", log);
  if (!looksLikeVersion(version.value)) {
    log.error(version.path, mustBe(version.path, version.value, 'a version string such as "1.0"'));
  }
  const tenant = readField(entry, path, "tenant", log);
  if (tenant.value !== undefined && typeof tenant.value !== "string") {
    log.warn(tenant.path, `${tenant.path} must be a string, got ${describe(tenant.value)}`);
  }
  if (typeof url.value !== "string" || typeof binding.value !== "string")
    return { iface: null, usable, canonical, source: path };
  const iface: CardInterface = { url: url.value, transport: binding.value, source: path };
  if (typeof version.value === "string") iface.protocolVersion = version.value;
  if (typeof tenant.value === "string") iface.tenant = tenant.value;
  return { iface, usable, canonical, source: path };
}

function withVersion(iface: CardInterface, version: string | null): CardInterface {
  return version === null ? iface : { ...iface, protocolVersion: version };
}

// docs/test-files.md, card validation: preferredTransport is an error when it is not a string. JSON-RPC is
// one transport among three, none required (0.3 §3.2: "All three protocols are considered equal in status";
// §3.2.1 "Agents MAY support JSON-RPC"): a card offering HTTP+JSON or gRPC alone is well-formed.
function checkPreferredTransport(field: Field, log: IssueLog): string | null {
  if (field.value === undefined) return null;
  checkTransportName(field, log);
  return typeof field.value === "string" ? field.value : null;
}

function mainInterface(url: Field, preferred: string | null, cardVersion: string | null): Declared | null {
  if (typeof url.value !== "string") return null;
  // Seed: the card's url is the JSON-RPC endpoint "when the preferred transport ... isn't stated".
  const transport = preferred ?? "JSONRPC";
  const iface = withVersion({ url: url.value, transport, source: url.path }, cardVersion);
  return {
    iface,
    usable: isHttpUrl(url.value),
    canonical: parseTransport(transport) ?? null,
    source: url.path,
  };
}

// docs/test-files.md, card validation: url is an error when "missing or not an http(s) URL, and no additionalInterfaces URL either",
// a warning when "missing, but an additionalInterfaces entry has one". A 1.0 card needs no top-level url.
function checkUrl(url: Field, hasSupported: boolean, others: Declared[], log: IssueLog): void {
  if (isHttpUrl(url.value)) return;
  if (url.value === undefined && hasSupported) return;
  const alternative = others.find((d) => d.usable && d.iface !== null);
  const problem =
    url.value === undefined
      ? `${url.path} is missing`
      : `${url.path} must be an http(s) URL, got ${describe(url.value)}`;
  if (alternative?.iface) {
    log.warn(
      url.path,
      `${problem}; the card still has an endpoint at ${alternative.source} (${describe(alternative.iface.url)})`,
    );
  } else {
    log.error(url.path, `${problem}, and no interface in the card has an http(s) URL either`);
  }
}

// 0.3: "additionalInterfaces SHOULD repeat the main url/preferredTransport pair" (A2A 1.0 §8.4).
function checkRepeatsMain(main: Declared | null, additional: DeclaredList, log: IssueLog): void {
  if (!main?.usable || main.iface === null) return;
  const key = interfaceKey(main.iface.url, main.iface.transport);
  const repeated = additional.entries.some(
    (d) => d.iface && interfaceKey(d.iface.url, d.iface.transport) === key,
  );
  if (repeated) return;
  log.warn(
    additional.path,
    `${additional.path} does not repeat the main url ${describe(main.iface.url)} with transport ${main.iface.transport}; A2A 0.3 says it SHOULD`,
  );
}

// 1.0 interfaces first (list order is preference); a hybrid card's legacy url and additionalInterfaces follow,
// skipping any that repeat an interface already listed (same URL and transport).
function assemble(supported: Declared[], main: Declared | null, additional: Declared[]): CardInterface[] {
  const out: CardInterface[] = [];
  const keys = new Set<string>();
  const add = (declared: Declared | null, skipRepeats: boolean): void => {
    if (!declared?.iface) return;
    const key = interfaceKey(declared.iface.url, declared.iface.transport);
    if (skipRepeats && keys.has(key)) return;
    keys.add(key);
    out.push(declared.iface);
  };
  supported.forEach((d) => add(d, false));
  add(main, true);
  additional.forEach((d) => add(d, true));
  return out;
}
