import { describe, expect, it } from "vitest";
import { jsonRpcEndpoint } from "./jsonrpc-endpoint.js";

describe("jsonRpcEndpoint", () => {
  it("sends A2A-Version with 1.0 only, then the caller's headers, and adds query credentials to the URL", () => {
    const target = { url: "http://127.0.0.1:9/a2a?x=1", binding: "JSONRPC", generation: "1.0" } as const;
    const one = jsonRpcEndpoint(target, { headers: { Authorization: "Bearer t" }, query: { api_key: "k" } });
    expect(one.url).toBe("http://127.0.0.1:9/a2a?x=1&api_key=k");
    expect(one.headers).toEqual({ "A2A-Version": "1.0", Authorization: "Bearer t" });
    const old = jsonRpcEndpoint({ ...target, generation: "0.3" }, { headers: {} });
    expect(old).toEqual({ url: target.url, headers: {} });
  });
});
