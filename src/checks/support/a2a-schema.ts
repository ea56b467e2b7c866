import type { ErrorObject, ValidateFunction } from "ajv";
import type { CardIssue } from "../../model/result.js";
import type { ProtocolGeneration } from "../../model/generation.js";

/** The published schema of each generation that has one (A2A 1.0 publishes a protobuf instead). */
const schemaFiles: Partial<Record<ProtocolGeneration, () => Promise<{ default: Schema }>>> = {
  "0.2": () => import("../../protocol/schemas/a2a-v0.2.6.json", { with: { type: "json" } }),
  "0.3": () => import("../../protocol/schemas/a2a-v0.3.0.json", { with: { type: "json" } }),
};

interface Schema {
  definitions: Record<string, unknown>;
}

/** The security scheme definition for each `type` (the schema's anyOf, picked by its discriminator). */
const schemeDefinitions: Record<string, string> = {
  apiKey: "APIKeySecurityScheme",
  http: "HTTPAuthSecurityScheme",
  oauth2: "OAuth2SecurityScheme",
  openIdConnect: "OpenIdConnectSecurityScheme",
  mutualTLS: "MutualTLSSecurityScheme",
};

interface Validators {
  card: ValidateFunction;
  schemes: Record<string, ValidateFunction>;
  /** Any definition of the schema by name (Task, Message, TaskStatusUpdateEvent ...), or undefined. */
  definition(name: string): ValidateFunction | undefined;
  version: string;
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
  const load = schemaFiles[generation];
  if (!load) return undefined;
  const [{ default: schema }, { Ajv }] = await Promise.all([load(), import("ajv")]);
  // strict off: the published schema uses keywords (descriptions, examples) ajv would otherwise refuse.
  const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
  ajv.addSchema(schema, "a2a");
  const ref = (name: string) => ajv.getSchema(`a2a#/definitions/${name}`) as ValidateFunction;
  const schemes: Record<string, ValidateFunction> = {};
  for (const [type, name] of Object.entries(schemeDefinitions))
    if (schema.definitions[name]) schemes[type] = ref(name);
  const definition = (name: string) => (schema.definitions[name] ? ref(name) : undefined);
  return { card: ref("AgentCard"), schemes, definition, version: generation === "0.2" ? "0.2.6" : "0.3.0" };
}

/** An ajv error as a card issue: the JSON path of the field, and what the schema wants. */
export function issueOf(
  error: ErrorObject,
  base: string,
  version: string,
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
    return { path: full, message: `${full} is required by the A2A ${version} JSON schema` };
  }
  if (error.keyword === "type" || error.keyword === "enum" || error.keyword === "const")
    return {
      path: where,
      message: `${where} ${error.message ?? "does not match"} (A2A ${version} JSON schema)`,
    };
  return undefined;
}

/**
 * Where a card breaks its generation's published JSON schema: required members missing, members of the
 * wrong type or value. Security schemes are judged by the definition their `type` names, so one missing
 * field is one issue rather than one per alternative. Undefined when the generation has no JSON schema.
 */
export async function cardSchemaIssues(
  card: unknown,
  generation: ProtocolGeneration,
): Promise<CardIssue[] | undefined> {
  const v = await validators(generation);
  if (!v) return undefined;
  if (typeof card !== "object" || card === null || Array.isArray(card)) return [];
  const { securitySchemes, ...rest } = card as Record<string, unknown>;
  const issues: CardIssue[] = [];
  if (!v.card(rest)) issues.push(...(v.card.errors ?? []).flatMap((e) => issueOf(e, "", v.version) ?? []));
  if (typeof securitySchemes === "object" && securitySchemes !== null && !Array.isArray(securitySchemes))
    for (const [name, scheme] of Object.entries(securitySchemes)) {
      const type = (scheme as { type?: unknown } | null)?.type;
      const validate = typeof type === "string" ? v.schemes[type] : undefined;
      if (validate && !validate(scheme))
        issues.push(
          ...(validate.errors ?? []).flatMap((e) => issueOf(e, `securitySchemes.${name}`, v.version) ?? []),
        );
    }
  return dedupe(issues);
}

function dedupe(issues: CardIssue[]): CardIssue[] {
  const seen = new Set<string>();
  return issues.filter((i) => !seen.has(i.message) && seen.add(i.message));
}

/** The schema definition of each reply a JSON-RPC result or stream event can be, by its `kind`. */
const replyDefinitions: Record<string, string> = {
  task: "Task",
  message: "Message",
  "status-update": "TaskStatusUpdateEvent",
  "artifact-update": "TaskArtifactUpdateEvent",
};

/**
 * Where a 0.2/0.3 JSON-RPC reply (a Task, Message or stream event, told apart by its kind) breaks its
 * generation's published JSON schema: the first required member missing, or a member of the wrong type or
 * value. Undefined when it conforms, has no kind (the hand rules report that), or the generation has no schema.
 */
export async function replySchemaProblem(
  raw: unknown,
  generation: ProtocolGeneration,
  /** Top-level members whose absence another check reports (a Task's contextId: lifecycle.send-returns-task). */
  ownedElsewhere: readonly string[] = [],
): Promise<string | undefined> {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return undefined;
  const kind = (raw as { kind?: unknown }).kind;
  const name = typeof kind === "string" ? replyDefinitions[kind] : undefined;
  const v = name ? await validators(generation) : undefined;
  const validate = name ? v?.definition(name) : undefined;
  if (!v || !validate || validate(raw)) return undefined;
  const owned = (e: ErrorObject) =>
    e.keyword === "required" &&
    e.instancePath === "" &&
    ownedElsewhere.includes((e.params as { missingProperty: string }).missingProperty);
  const issue = (validate.errors ?? [])
    .filter((e) => !owned(e))
    .map((e) => issueOf(e, "", v.version, "it"))
    .find((i) => i !== undefined);
  return issue ? `a ${name} that breaks the schema: ${issue.message}` : undefined;
}
