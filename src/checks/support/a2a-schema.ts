import type { ErrorObject, ValidateFunction } from "ajv";
import type { CardIssue } from "../../model/result.js";
import { isObject } from "../../model/json.js";
import type { ProtocolGeneration } from "../../model/generation.js";

/**
 * The schema of each generation that has one: the JSON schema 0.2 and 0.3 publish, and for 1.0 the schema
 * scripts/proto-to-json-schema.mjs derives from the normative a2a.proto of 1.0.1 (1.0 publishes no JSON
 * schema; its JSON is the proto's ProtoJSON form, 1.0.1 §5.5), each with the name an issue cites it by.
 */
const schemaFiles: Partial<
  Record<ProtocolGeneration, { source: string; load: () => Promise<{ default: PublishedSchema }> }>
> = {
  "0.1": {
    source: "A2A 0.1.0 JSON schema",
    load: () => import("../../protocol/schemas/a2a-v0.1.0.json", { with: { type: "json" } }),
  },
  "0.2": {
    source: "A2A 0.2.6 JSON schema",
    load: () => import("../../protocol/schemas/a2a-v0.2.6.json", { with: { type: "json" } }),
  },
  "0.3": {
    source: "A2A 0.3.0 JSON schema",
    load: () => import("../../protocol/schemas/a2a-v0.3.0.json", { with: { type: "json" } }),
  },
  "1.0": {
    source: "A2A 1.0.1 proto",
    load: () => import("../../protocol/schemas/a2a-v1.0.json", { with: { type: "json" } }),
  },
};

interface Schema {
  definitions: Record<string, unknown>;
}

/** A schema as published: 0.1's names its definitions `$defs`, the later ones `definitions`. */
type PublishedSchema = { definitions: Record<string, unknown> } | { $defs: Record<string, unknown> };

/** The 0.x security scheme definition for each `type` (the schema's anyOf, picked by its discriminator). */
const schemeDefinitions: Record<string, string> = {
  apiKey: "APIKeySecurityScheme",
  http: "HTTPAuthSecurityScheme",
  oauth2: "OAuth2SecurityScheme",
  openIdConnect: "OpenIdConnectSecurityScheme",
  mutualTLS: "MutualTLSSecurityScheme",
};

/** A security scheme of a card, and the definition it is judged by. */
interface SchemeToJudge {
  validate: ValidateFunction;
  value: unknown;
  /** The member of a 1.0 SecurityScheme the scheme sets (`httpAuthSecurityScheme` ...), on the issue's path. */
  member?: string;
}

interface Validators {
  card: ValidateFunction;
  /** The definition a security scheme is judged by, or undefined when the scheme names none. */
  scheme(value: unknown): SchemeToJudge | undefined;
  /** Any definition of the schema by name (Task, Message, TaskStatusUpdateEvent ...), or undefined. */
  definition(name: string): ValidateFunction | undefined;
  /** 1.0: the members of SecurityScheme's oneof, one of which a scheme sets to say what it is. */
  schemeMembers?: readonly string[];
  /** What an issue cites: "A2A 0.3.0 JSON schema", "A2A 1.0.1 proto". */
  source: string;
}

const compiled = new Map<ProtocolGeneration, Promise<Validators | undefined>>();

/** The compiled validators of a generation, made once, on first use (ajv loads only for a conformance run). */
export function validators(generation: ProtocolGeneration): Promise<Validators | undefined> {
  let found = compiled.get(generation);
  if (!found) {
    found = compile(generation);
    compiled.set(generation, found);
  }
  return found;
}

async function compile(generation: ProtocolGeneration): Promise<Validators | undefined> {
  const file = schemaFiles[generation];
  if (!file) return undefined;
  const [{ default: published }, { Ajv }] = await Promise.all([file.load(), import("ajv")]);
  // One name for the definitions of every version: 0.1's `$defs` are reached as `definitions` too (its own
  // references, "#/$defs/...", still resolve).
  const loaded: PublishedSchema = published;
  const schema: Schema = "definitions" in loaded ? loaded : { ...loaded, definitions: loaded.$defs };
  // strict off: the published schema uses keywords (descriptions, examples) ajv would otherwise refuse.
  const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
  ajv.addSchema(schema, "a2a");
  const ref = (name: string) => ajv.getSchema(`a2a#/definitions/${name}`) as ValidateFunction;
  const definition = (name: string) => (schema.definitions[name] ? ref(name) : undefined);
  if (generation !== "1.0")
    return { card: ref("AgentCard"), scheme: schemeByType(schema, ref), definition, source: file.source };
  const members = oneofMembers(schema, ref);
  return {
    card: ref("AgentCard"),
    scheme: schemeByMember(members, ref),
    definition,
    source: file.source,
    schemeMembers: [...members.keys()],
  };
}

/** 0.x: a scheme is judged by the definition its `type` names (the schema's anyOf, by discriminator). */
function schemeByType(schema: Schema, ref: (name: string) => ValidateFunction) {
  const schemes: Record<string, ValidateFunction> = {};
  for (const [type, name] of Object.entries(schemeDefinitions))
    if (schema.definitions[name]) schemes[type] = ref(name);
  return (value: unknown): SchemeToJudge | undefined => {
    const type = (value as { type?: unknown } | null)?.type;
    const validate = typeof type === "string" ? schemes[type] : undefined;
    return validate && { validate, value };
  };
}

/** 1.0: each member of SecurityScheme's oneof, with the validator of its message. */
function oneofMembers(
  schema: Schema,
  ref: (name: string) => ValidateFunction,
): Map<string, ValidateFunction> {
  const properties =
    (schema.definitions.SecurityScheme as { properties?: Record<string, { allOf?: [{ $ref: string }] }> })
      .properties ?? {};
  return new Map(
    Object.entries(properties).flatMap(([member, p]) => {
      const name = p.allOf?.[0].$ref.split("/").pop();
      return name ? [[member, ref(name)] as const] : [];
    }),
  );
}

/**
 * 1.0: SecurityScheme is a oneof (1.0.1 a2a.proto, §4.5.1): the member that is present (apiKeySecurityScheme,
 * httpAuthSecurityScheme ...) is judged by its own message; a scheme that sets several is judged whole, which
 * says so. The members are read from the schema, so they are the proto's.
 */
function schemeByMember(members: Map<string, ValidateFunction>, ref: (name: string) => ValidateFunction) {
  return (value: unknown): SchemeToJudge | undefined => {
    if (typeof value !== "object" || value === null) return undefined;
    const [member, ...others] = Object.keys(value).filter((k) => members.has(k));
    if (others.length > 0) return { validate: ref("SecurityScheme"), value };
    if (member === undefined) return undefined;
    const validate = members.get(member);
    return validate && { validate, value: (value as Record<string, unknown>)[member], member };
  };
}

/** An ajv error as a card issue: the JSON path of the field, and what the schema wants. */
export function issueOf(
  error: ErrorObject,
  base: string,
  source: string,
  root = "the card",
): CardIssue | undefined {
  const segments = error.instancePath
    .split("/")
    .slice(1)
    .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
  let path = base;
  for (const s of segments) path = /^\d+$/.test(s) ? `${path}[${s}]` : path ? `${path}.${s}` : s;
  const where = path || root;
  if (error.keyword === "required") {
    const missing = (error.params as { missingProperty: string }).missingProperty;
    const full = path ? `${path}.${missing}` : missing;
    return { path: full, message: `${full} is required by the ${source}` };
  }
  if (error.keyword === "type" || error.keyword === "enum" || error.keyword === "const")
    return { path: where, message: `${where} ${error.message ?? "does not match"} (${source})` };
  // The 1.0 schema states a proto oneof as "no two of its members together" (scripts/proto-to-json-schema.mjs).
  if (error.keyword === "not")
    return { path: where, message: `${where} sets more than one member of a oneof (${source})` };
  return undefined;
}

/**
 * The issues of a failed validation. The alternatives of an anyOf (0.1's Part: TextPart, FilePart or DataPart)
 * each report what they miss; when they disagree, the value is said to match none of them, once, rather than
 * "type is required; file is required; data is required". When they agree, that one issue stands.
 */
export function issuesOf(
  errors: readonly ErrorObject[] | null | undefined,
  base: string,
  source: string,
  root?: string,
): CardIssue[] {
  const all = errors ?? [];
  const choices = all.filter((e) => e.keyword === "anyOf" || e.keyword === "oneOf");
  // An alternative is reached through a $ref, so its errors are told apart by the value they are about.
  const within = (e: ErrorObject, c: ErrorObject) =>
    e !== c && (e.instancePath === c.instancePath || e.instancePath.startsWith(`${c.instancePath}/`));
  const issues: CardIssue[] = [];
  for (const choice of choices) {
    const inner = dedupe(
      all.filter((e) => within(e, choice)).flatMap((e) => issueOf(e, base, source, root) ?? []),
    );
    if (inner.length === 1) issues.push(...inner);
    else {
      const at = issueOf(
        { ...choice, keyword: "type", message: "matches none of the forms the schema allows" },
        base,
        source,
        root,
      );
      if (at) issues.push(at);
    }
  }
  const rest = all.filter((e) => !choices.includes(e) && !choices.some((c) => within(e, c)));
  return [...issues, ...rest.flatMap((e) => issueOf(e, base, source, root) ?? [])];
}

/**
 * A2A 0.1 gives its optional members as `T | null` (0.1.0 §5.5, §6): a null there is the member left out, which
 * the published schema (generated without the null) would refuse.
 */
function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, v]) => v !== null)
      .map(([k, v]) => [k, withoutNulls(v)]),
  );
}

/** A value as its generation's schema judges it (0.1's nulls read as members left out). */
export const asJudged = (value: unknown, generation: ProtocolGeneration): unknown =>
  generation === "0.1" ? withoutNulls(value) : value;

/**
 * Where a card breaks its generation's schema: required members missing, members of the wrong type or value.
 * Security schemes are judged by the definition their `type` (0.x) or their oneof member (1.0) names, so one
 * missing field is one issue rather than one per alternative. Undefined when the generation has no schema.
 */
export async function cardSchemaIssues(
  card: unknown,
  generation: ProtocolGeneration,
): Promise<CardIssue[] | undefined> {
  const v = await validators(generation);
  if (!v) return undefined;
  if (typeof card !== "object" || card === null || Array.isArray(card)) return [];
  const { securitySchemes, ...rest } = asJudged(card, generation) as Record<string, unknown>;
  const issues: CardIssue[] = [];
  if (!v.card(rest)) issues.push(...issuesOf(v.card.errors, "", v.source));
  if (v.schemeMembers) issues.push(...emptyRequirements(rest.securityRequirements, v.source));
  // Taken out of the card above, so its own type is judged here: a list or a string is no map of schemes.
  if (securitySchemes !== undefined && !isObject(securitySchemes))
    issues.push({
      path: "securitySchemes",
      message: `securitySchemes must be an object mapping scheme names to SecurityScheme objects, not ${Array.isArray(securitySchemes) ? "an array" : securitySchemes === null ? "null" : `a ${typeof securitySchemes}`} (${v.source})`,
    });
  if (isObject(securitySchemes))
    for (const [name, scheme] of Object.entries(securitySchemes)) {
      const none = v.schemeMembers && noMemberSet(scheme, name, v.schemeMembers, v.source);
      if (none) issues.push(none);
      const judged = v.scheme(scheme);
      if (!judged || judged.validate(judged.value)) continue;
      const base = `securitySchemes.${name}${judged.member ? `.${judged.member}` : ""}`;
      issues.push(...issuesOf(judged.validate.errors, base, v.source));
    }
  return dedupe(issues);
}

/**
 * A 1.0 scheme that sets none of SecurityScheme's members declares no way to authenticate: a 1.0 client
 * reads `{"type": "http", "scheme": "bearer"}`, the 0.x form, as an empty scheme (a2a.proto SecurityScheme,
 * 1.0.1 §4.5.1: the member present is what the scheme is, §5.7 unknown fields are ignored).
 */
function noMemberSet(
  scheme: unknown,
  name: string,
  members: readonly string[],
  source: string,
): CardIssue | undefined {
  if (typeof scheme !== "object" || scheme === null || Array.isArray(scheme)) return undefined;
  if (Object.keys(scheme).some((k) => members.includes(k))) return undefined;
  const type = (scheme as { type?: unknown }).type;
  const form = typeof type === "string" ? ` ("type": "${type}" is the 0.x form)` : "";
  const path = `securitySchemes.${name}`;
  return {
    path,
    message: `${path} sets none of ${members.join(", ")}, so a 1.0 client reads it as no scheme at all${form} (${source}: SecurityScheme is a oneof)`,
  };
}

/**
 * 1.0 security requirements without their one member `schemes` (a2a.proto SecurityRequirement): an entry
 * such as `{"bearer": []}`, the 0.x `security` form, reads in 1.0 as an empty requirement, which names no scheme.
 */
function emptyRequirements(requirements: unknown, source: string): CardIssue[] {
  if (!Array.isArray(requirements)) return [];
  return (requirements as unknown[]).flatMap((r, i) => {
    if (typeof r !== "object" || r === null || Array.isArray(r) || "schemes" in r) return [];
    const names = Object.keys(r);
    if (names.length === 0) return [];
    const path = `securityRequirements[${i}]`;
    return [
      {
        path,
        message: `${path} has no "schemes" map: ${JSON.stringify(r)} is the 0.x form, which a 1.0 client reads as a requirement naming no scheme (${source}: SecurityRequirement { schemes })`,
      },
    ];
  });
}

/** Each issue once, by its message. */
export function dedupe(issues: CardIssue[]): CardIssue[] {
  const seen = new Set<string>();
  return issues.filter((i) => !seen.has(i.message) && seen.add(i.message));
}
