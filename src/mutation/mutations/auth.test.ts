import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startReferenceAgent, type RunningAgent } from "../../agent/index.js";
import { conformThroughProxy, type Given } from "../../runner/testing/conform-through-proxy.js";
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

describe("reads-served-without-credentials serves a GetTask without credentials, never a send", () => {
  const m = mutation("reads-served-without-credentials");

  it("hands a GetTask without credentials the run's own, and leaves a send without them to be refused", () => {
    const memory: MutationMemory = new Map();
    through(m, { authorization: "Bearer owner-token" }, memory);
    const get = { ...exchange(), verb: "get" as const };
    expect(m.request?.(request({}), get, memory)?.headers.authorization).toBe("Bearer owner-token");
    expect(m.request?.(request({}), exchange(), memory)).toBeUndefined();
    // A GetTask with a wrong credential is the agent's to refuse.
    expect(m.request?.(request({ authorization: "Bearer forged" }), get, memory)).toBeUndefined();
  });

  it("takes the card's security away in every generation's spelling, and so does its correct twin", () => {
    const card = {
      name: "a",
      securitySchemes: { bearer: { type: "http", scheme: "bearer" } },
      security: [{ bearer: [] }],
      securityRequirements: [{ schemes: { bearer: { list: [] } } }],
    };
    expect(m.card?.(card)).toEqual({ name: "a" });
    expect(m.correct?.card?.(card)).toEqual({ name: "a" });
  });
});

describe("refusal-as-402 turns a 401 into a payment refusal without a challenge", () => {
  const m = mutation("refusal-as-402");

  it("answers 402 with no WWW-Authenticate where the agent answered 401 with one", () => {
    const reply = m.reply?.(
      {
        status: 401,
        contentType: "application/json",
        body: { error: "unauthorized" },
        headers: { "www-authenticate": 'Bearer realm="a2a"', "x-request-id": "1" },
      },
      exchange(),
      new Map(),
    );
    expect(reply?.status).toBe(402);
    expect(reply?.headers).toEqual({ "x-request-id": "1" });
  });

  it("leaves every other answer as it was", () => {
    const ok = { status: 200, contentType: "application/json", body: { result: {} } };
    expect(m.reply?.(ok, exchange(), new Map())).toBeUndefined();
    expect(m.reply?.({ ...ok, status: 403 }, exchange(), new Map())).toBeUndefined();
  });
});

// mutations.test.ts proves each mutation fails its own check; here, that each fails it for the reason it names
// and leaves the other auth checks to pass.
describe("the refusal mutations on the reference agent", () => {
  const token = "owner-token-0123456789";
  const given: Given = { headers: { Authorization: `Bearer ${token}` }, credentialsGiven: true };
  let agent: RunningAgent;
  beforeAll(async () => {
    agent = await startReferenceAgent({ port: 0, protocol: "0.3", bearerToken: token });
  }, 60_000);
  afterAll(() => agent.close());

  const verdicts = async (id: string) => {
    const { findings } = await conformThroughProxy(agent, mutation(id), ["auth"], given);
    return (check: string) => findings.find((f) => f.id === check && f.transport === "JSONRPC");
  };

  it("refusal-as-402 fails auth.challenge for its 402 and still meets auth.missing-credential-refused", async () => {
    const verdict = await verdicts("refusal-as-402");
    expect(verdict("auth.challenge")).toMatchObject({ status: "fail" });
    expect(verdict("auth.challenge")?.message).toMatch(
      /HTTP 402, not 401 or 403, and with no WWW-Authenticate/,
    );
    expect(verdict("auth.missing-credential-refused")).toMatchObject({ status: "pass" });
    expect(verdict("auth.wrong-credential-refused")).toMatchObject({ status: "pass" });
  }, 60_000);

  it("reads-served-without-credentials fails auth.missing-credential-refused naming the served GetTask and the refused message", async () => {
    const verdict = await verdicts("reads-served-without-credentials");
    expect(verdict("auth.missing-credential-refused")).toMatchObject({ status: "fail" });
    expect(verdict("auth.missing-credential-refused")?.message).toMatch(
      /a GetTask without credentials was answered with HTTP 200 with TaskNotFound, though a message without credentials was refused with HTTP 401/,
    );
    expect(verdict("auth.challenge")).toMatchObject({ status: "pass" });
  }, 60_000);
});
