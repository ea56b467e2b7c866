// Derives a draft-07 JSON Schema of the A2A 1.0 data model from its normative protobuf. A2A 1.0 publishes
// specification/a2a.proto, not a JSON schema, and its JSON wire form is the proto's ProtoJSON mapping (A2A 1.0.1
// §5.5: camelCase field names, enums as their names; §5.6.1: timestamps as strings; §5.7: fields annotated
// [(google.api.field_behavior) = REQUIRED] MUST be present). The schema is vendored next to the 0.x ones and
// loaded at run time (src/checks/support/a2a-schema.ts); src/protocol/schemas/a2a-v1.0.test.ts regenerates it
// from the vendored proto, so the two cannot drift.
//
//   node scripts/proto-to-json-schema.mjs [in.proto] [out.json]
//
// Defaults: src/protocol/schemas/a2a-v1.0.1.proto and src/protocol/schemas/a2a-v1.0.json; out "-" is stdout.
import { readFileSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import protobuf from "protobufjs";

const REQUIRED = "REQUIRED";

/** ProtoJSON's JSON name of a field: its json_name option, else the proto name in lowerCamelCase. */
function jsonName(field) {
  const explicit = field.options?.json_name;
  if (typeof explicit === "string") return explicit;
  return field.name.replace(/_([a-z0-9])/g, (_, c) => c.toUpperCase());
}

// ProtoJSON forms of the scalar types: 64-bit integers are written as strings and read from either form;
// floats may be the strings NaN/Infinity/-Infinity; bytes are base64 text.
const INT64 = { anyOf: [{ type: "string", pattern: "^-?[0-9]+$" }, { type: "integer" }] };
const FLOAT = { anyOf: [{ type: "number" }, { type: "string", enum: ["NaN", "Infinity", "-Infinity"] }] };
const SCALARS = {
  string: { type: "string" },
  bool: { type: "boolean" },
  bytes: { type: "string" },
  int32: { type: "integer" },
  sint32: { type: "integer" },
  sfixed32: { type: "integer" },
  uint32: { type: "integer", minimum: 0 },
  fixed32: { type: "integer", minimum: 0 },
  int64: INT64,
  sint64: INT64,
  sfixed64: INT64,
  uint64: INT64,
  fixed64: INT64,
  double: FLOAT,
  float: FLOAT,
};

// The well-known types the A2A proto uses, as ProtoJSON writes them: a Struct is a JSON object, a Value any
// JSON value, a Timestamp an RFC 3339 string (its UTC form is judged by lifecycle.wire-format, §5.6.1).
const WELL_KNOWN = {
  "google.protobuf.Struct": { type: "object" },
  "google.protobuf.Value": {},
  "google.protobuf.ListValue": { type: "array" },
  "google.protobuf.Timestamp": { type: "string" },
  "google.protobuf.Duration": { type: "string" },
  "google.protobuf.Empty": { type: "object" },
};

/** The schema of one value of a field's type (without repetition). */
function typeSchema(type, scope) {
  const scalar = SCALARS[type];
  if (scalar) return structuredClone(scalar);
  const known = WELL_KNOWN[type.replace(/^\./, "")];
  if (known) return structuredClone(known);
  const found = scope.lookup(type);
  if (!found || !(found instanceof protobuf.Type || found instanceof protobuf.Enum))
    throw new Error(`${scope.fullName}: type ${type} is neither a message nor an enum of the proto`);
  return { $ref: `#/definitions/${found.name}` };
}

function describe(target, comment) {
  const text = comment?.trim();
  if (text) target.description = text;
  return target;
}

/** A field's schema: repeated fields are arrays, map fields objects keyed by the (stringified) key. */
function fieldSchema(field, scope) {
  const value = typeSchema(field.type, scope);
  if (field.map) return describe({ type: "object", additionalProperties: value }, field.comment);
  if (field.repeated) return describe({ type: "array", items: value }, field.comment);
  return Object.keys(value).length === 1 && value.$ref
    ? describe({ allOf: [value] }, field.comment)
    : describe(value, field.comment);
}

/**
 * "At most one member of a oneof is set": no two of its members present together. ProtoJSON writes only the
 * member that is set; a schema cannot say "one of these", only forbid each pair.
 */
function atMostOne(members) {
  const pairs = [];
  for (let i = 0; i < members.length; i++)
    for (let j = i + 1; j < members.length; j++) pairs.push({ required: [members[i], members[j]] });
  return { not: { anyOf: pairs } };
}

function messageSchema(type) {
  const schema = describe({ type: "object" }, type.comment);
  const properties = {};
  const required = [];
  for (const field of type.fieldsArray) {
    const name = jsonName(field);
    properties[name] = fieldSchema(field, type.parent);
    if (field.options?.["(google.api.field_behavior)"] === REQUIRED) required.push(name);
  }
  schema.properties = properties;
  if (required.length > 0) schema.required = required;
  // proto3 `optional` makes a synthetic oneof of one field: it only marks presence, it chooses nothing.
  const oneofs = type.oneofsArray.filter((o) => o.fieldsArray.length > 1);
  const rules = oneofs.map((o) => ({
    $comment: `oneof ${o.name}: at most one of ${o.fieldsArray.map(jsonName).join(", ")}`,
    ...atMostOne(o.fieldsArray.map(jsonName)),
  }));
  if (rules.length === 1) Object.assign(schema, rules[0]);
  else if (rules.length > 1) schema.allOf = rules;
  return schema;
}

function enumSchema(type) {
  return describe({ type: "string", enum: Object.keys(type.values) }, type.comment);
}

/** The JSON schema of every message and enum of a proto's package, in the proto's order. */
export function protoToJsonSchema(protoText, source) {
  const parsed = protobuf.parse(protoText, { keepCase: true, alternateCommentMode: true });
  const pkg = parsed.package ? parsed.root.lookup(parsed.package) : parsed.root;
  const definitions = {};
  for (const nested of pkg.nestedArray) {
    if (nested instanceof protobuf.Type) definitions[nested.name] = messageSchema(nested);
    else if (nested instanceof protobuf.Enum) definitions[nested.name] = enumSchema(nested);
  }
  return {
    $schema: "http://json-schema.org/draft-07/schema#",
    $comment: `Generated from ${source} (package ${parsed.package}) by scripts/proto-to-json-schema.mjs, by the ProtoJSON mapping; do not edit.`,
    title: `A2A ${parsed.package} data model (ProtoJSON)`,
    definitions,
  };
}

/** The schema as the vendored file holds it. */
export function renderSchema(schema) {
  return `${JSON.stringify(schema, null, 2)}\n`;
}

const here = dirname(fileURLToPath(import.meta.url));
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const schemas = join(here, "../src/protocol/schemas");
  const input = process.argv[2] ?? join(schemas, "a2a-v1.0.1.proto");
  const output = process.argv[3] ?? join(schemas, "a2a-v1.0.json");
  const text = renderSchema(protoToJsonSchema(readFileSync(input, "utf8"), basename(input)));
  if (output === "-") process.stdout.write(text);
  else writeFileSync(output, text);
}
