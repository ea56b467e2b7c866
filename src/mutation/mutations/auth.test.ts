import { describe, expect, it } from "vitest";
import type { Exchange, ForwardedRequest, Mutation, MutationMemory } from "../types.js";
import { authMutations } from "./auth.js";

const mutation = (id: string): Mutation => {
  const m = authMutations.find((x) => x.id === id);
  if (!m) throw new Error(`no mutation ${id}`);
  return m;
};

const exchange = (): Exchange => ({
  path: "/jsonrpc",
  httpMethod: "POST",
  binding: "jsonrpc",
  generation: "0.x",
  verb: "send",
  request: {},
  requestUnparsable: false,
});

const request = (headers: Record<string, string>): ForwardedRequest => ({
  httpMethod: "POST",
  path: "/jsonrpc",
  headers: { "content-type": "application/json", ...headers },
  body: {},
});

/** One request through a mutation's hooks, answered as the agent answered it; the headers the agent got. */
function through(m: Mutation, headers: Record<string, string>, memory: MutationMemory, status = 200) {
  const x = exchange();
  const forwarded = m.request?.(request(headers), x, memory) ?? request(headers);
  m.reply?.({ status, contentType: "application/json", body: { result: {} } }, x, memory);
  return forwarded.headers;
}

describe("the credentials mutations hand the agent the run's own credentials, in whatever header they travel", () => {
  it("an API key in X-API-Key is handed to a request that came without credentials", () => {
    const memory: MutationMemory = new Map();
    through(mutation("missing-credentials-accepted"), { "x-api-key": "lab-key-1" }, memory);
    const sent = through(mutation("missing-credentials-accepted"), {}, memory);
    expect(sent["x-api-key"]).toBe("lab-key-1");
    expect(sent["content-type"]).toBe("application/json");
  });

  it("another caller's key is replaced, not sent beside the owner's", () => {
    const memory: MutationMemory = new Map();
    const m = mutation("wrong-credentials-accepted");
    through(m, { "x-api-key": "lab-key-1" }, memory);
    const sent = through(m, { "x-api-key": "forged-key" }, memory);
    expect(sent["x-api-key"]).toBe("lab-key-1");
    // A bearer token is swapped the same way.
    const bearer: MutationMemory = new Map();
    through(m, { authorization: "Bearer owner-token" }, bearer);
    expect(through(m, { authorization: "Bearer other-token" }, bearer).authorization).toBe(
      "Bearer owner-token",
    );
  });

  it("the owner is the first caller the agent answered, not one it refused", () => {
    const memory: MutationMemory = new Map();
    const m = mutation("missing-credentials-accepted");
    through(m, { "x-api-key": "refused-key" }, memory, 401);
    through(m, { "x-api-key": "lab-key-2" }, memory);
    expect(through(m, {}, memory)["x-api-key"]).toBe("lab-key-2");
  });

  it("a request with the owner's own credentials is left as it came", () => {
    const memory: MutationMemory = new Map();
    const m = mutation("wrong-credentials-accepted");
    through(m, { "x-api-key": "lab-key-1" }, memory);
    const x = exchange();
    expect(m.request?.(request({ "x-api-key": "lab-key-1" }), x, memory)).toBeUndefined();
  });
});
