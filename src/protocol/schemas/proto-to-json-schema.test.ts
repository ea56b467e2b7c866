import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { Ajv } from "ajv";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const run = promisify(execFile);
const script = join(import.meta.dirname, "../../../scripts/proto-to-json-schema.mjs");

/** The converter run as the build runs it: a subprocess from a proto file to stdout. */
async function convert(proto: string): Promise<string> {
  const { stdout } = await run(process.execPath, [script, proto, "-"], { timeout: 20_000 });
  return stdout;
}

describe("the vendored A2A 1.0 schema", () => {
  it("is exactly what the converter makes of the vendored 1.0.1 proto", async () => {
    const made = await convert(join(import.meta.dirname, "a2a-v1.0.1.proto"));
    const committed = await readFile(join(import.meta.dirname, "a2a-v1.0.json"), "utf8");
    // On a difference, regenerate: node scripts/proto-to-json-schema.mjs
    expect(made === committed, "a2a-v1.0.json is the converter's output").toBe(true);
  });
});

describe("the proto to JSON schema converter", () => {
  let dir: string;
  let definitions: Record<string, Record<string, unknown>>;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "plainwright-proto-"));
    const proto = join(dir, "sample.proto");
    await writeFile(
      proto,
      `syntax = "proto3";
package sample.v1;
import "google/api/field_behavior.proto";
import "google/protobuf/struct.proto";
import "google/protobuf/timestamp.proto";

// A thing.
message Thing {
  string thing_id = 1 [(google.api.field_behavior) = REQUIRED];
  optional string note = 2;
  Colour colour = 3;
  map<string, Label> labels = 4;
  oneof shape { Square square = 5; string circle_name = 6; }
  int64 big_count = 7;
  bytes raw = 8;
  google.protobuf.Struct metadata = 9;
  google.protobuf.Timestamp at = 10;
  repeated Label tags = 11 [(google.api.field_behavior) = REQUIRED];
}
message Square { int32 side = 1 [(google.api.field_behavior) = REQUIRED]; }
message Label { string text = 1; }
enum Colour { COLOUR_UNSPECIFIED = 0; COLOUR_RED = 1; }
`,
    );
    const schema = JSON.parse(await convert(proto)) as { definitions: typeof definitions };
    definitions = schema.definitions;
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const thing = () => definitions.Thing as { properties: Record<string, unknown>; required?: string[] };

  it("makes a REQUIRED field required, under its lowerCamelCase JSON name, and nothing else", () => {
    expect(thing().required).toEqual(["thingId", "tags"]);
    expect(definitions.Label?.required).toBeUndefined();
  });

  it("writes an enum as its value names", () => {
    expect(definitions.Colour).toMatchObject({ type: "string", enum: ["COLOUR_UNSPECIFIED", "COLOUR_RED"] });
  });

  it("writes a map field as an object of its value type", () => {
    expect(thing().properties.labels).toEqual({
      type: "object",
      additionalProperties: { $ref: "#/definitions/Label" },
    });
  });

  it("writes int64 as a string or a number, bytes and Timestamp as strings, Struct as an object", () => {
    const p = thing().properties;
    expect(p.bigCount).toEqual({ anyOf: [{ type: "string", pattern: "^-?[0-9]+$" }, { type: "integer" }] });
    expect([p.raw, p.at, p.metadata]).toEqual([{ type: "string" }, { type: "string" }, { type: "object" }]);
  });

  it("lets a oneof have at most one member set, and a proto3 optional field stand alone", () => {
    const ajv = new Ajv({ strict: false, allErrors: true });
    ajv.addSchema({ definitions }, "sample");
    const valid = ajv.getSchema("sample#/definitions/Thing");
    if (!valid) throw new Error("no Thing definition");
    const base = { thingId: "t", tags: [], note: "n" };
    expect(valid(base)).toBe(true);
    expect(valid({ ...base, square: { side: 2 } })).toBe(true);
    expect(valid({ ...base, square: { side: 2 }, circleName: "c" })).toBe(false);
    expect(valid({ ...base, square: {} })).toBe(false);
    expect(valid({ ...base, colour: 1 })).toBe(false);
  });
});
