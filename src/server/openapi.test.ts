import { describe, expect, it } from "vitest";
import { transports } from "../model/transport.js";
import { openApiDocument } from "./openapi.js";

type Json = Record<string, any>;
const doc = openApiDocument as Json;
const requestSchema = (path: string, method: string): Json =>
  doc.paths[path][method].requestBody.content["application/json"].schema;

describe("the OpenAPI document", () => {
  it("describes request bodies with the zod schemas that validate them", () => {
    expect(requestSchema("/api/inspect/chat", "post").properties.transport.enum).toEqual([...transports]);
    expect(requestSchema("/api/projects", "post")).toMatchObject({
      required: ["name"],
      properties: { name: { type: "string", minLength: 1, maxLength: 200 } },
    });
    expect(doc.components.schemas.TestConfig.properties.timeout_s).toMatchObject({
      minimum: 1,
      maximum: 300,
    });
    expect(doc.components.schemas.TestConfig.properties.transports.items.enum).toEqual([
      "jsonrpc",
      "rest",
      "grpc",
    ]);
  });

  it("requires module_id in a test sent to the API, as the route does", () => {
    expect(doc.components.schemas.TestDefinition.required).toContain("module_id");
  });
});
