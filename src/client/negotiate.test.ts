import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startReferenceAgent, type RunningAgent } from "../agent/index.js";
import { commandLinePolicy } from "../net/outbound-policy.js";
import { serve, type LoopbackServer } from "../net/testing/loopback-server.js";
import { TrafficLog } from "../net/traffic.js";
import type { ProtocolGeneration } from "../model/generation.js";
import {
  applyCredentials,
  cardRequiresAuth,
  cardSecurity,
  parseApiKey,
  parseBasic,
  readScheme,
} from "./auth.js";
import { JsonRpcA2AClient } from "./jsonrpc-binding.js";
import { negotiateGeneration } from "./negotiate.js";
import { validCard03 } from "../card/fixtures.js";
import { validateCard } from "../card/validate.js";

let v10: RunningAgent;
let v03: RunningAgent;
beforeAll(async () => {
  v10 = await startReferenceAgent({ port: 0, protocol: "1.0" });
  v03 = await startReferenceAgent({ port: 0, protocol: "0.3" });
});
afterAll(async () => {
  await v10.close();
  await v03.close();
});

const maker =
  (agent: RunningAgent, traffic = new TrafficLog()) =>
  (generation: ProtocolGeneration, withoutVersionHeader?: true) =>
    new JsonRpcA2AClient(
      {
        url: `${agent.url}/a2a/jsonrpc`,
        binding: "JSONRPC",
        generation,
        ...(withoutVersionHeader ? { withoutVersionHeader } : {}),
      },
      { headers: {}, timeoutMs: 3000, policy: commandLinePolicy, traffic },
    );

describe("negotiateGeneration", () => {
  it("confirms the card's version on the wire without creating a task", async () => {
    const confirmed = await negotiateGeneration("1.0", maker(v10));
    expect(confirmed).toEqual({
      generation: "1.0",
      source: "wire",
      notes: [],
      trafficIds: [expect.any(String)],
    });
    expect(await negotiateGeneration("0.3", maker(v03))).toMatchObject({ generation: "0.3", source: "wire" });
  });

  it("falls back to 0.3 when a card claims 1.0 but the agent speaks 0.3", async () => {
    const n = await negotiateGeneration("1.0", maker(v03));
    expect(n.generation).toBe("0.3");
    expect(n.notes[0]).toMatch(/claims A2A 1\.0 but .*speaks A2A 0\.3 on the wire/);
  });

  it("names the card's own version when it names no generation and negotiation started from the newest", async () => {
    const found = await negotiateGeneration("1.0", maker(v03), undefined, { unknownVersion: "0.6" });
    expect(found.generation).toBe("0.3");
    expect(found.notes.join(" ")).toMatch(/the card says protocolVersion "0\.6" \(no A2A version/);
    expect(found.notes.join(" ")).not.toMatch(/claims A2A 1\.0/);
  });

  it("tests in 1.0 without the header an agent that refuses A2A-Version 1.0 but serves 1.0's methods without it", async () => {
    const refusing = await startReferenceAgent({
      port: 0,
      protocol: "1.0",
      flaw: "version-1-0-refused-yet-served",
    });
    try {
      const traffic = new TrafficLog();
      const n = await negotiateGeneration("1.0", maker(refusing, traffic));
      expect(n).toMatchObject({ generation: "1.0", source: "wire", withoutVersionHeader: true });
      expect(n.mismatch).toBeUndefined();
      expect(n.notes[0]).toMatch(/refused A2A-Version 1\.0 \(-32009\) but answered SendMessage/);
      const sent = traffic.entries().map((e) => e.request_headers?.["A2A-Version"]);
      expect(sent).toEqual(["1.0", undefined]);
      // A card that names another generation is a mismatch the wire settles.
      const from03 = await negotiateGeneration("0.3", maker(refusing));
      expect(from03).toMatchObject({
        generation: "1.0",
        withoutVersionHeader: true,
        mismatch: { card: "0.3", wire: "1.0" },
      });
    } finally {
      await refusing.close();
    }
  });

  it("keeps the header for an agent that serves 1.0 when asked for it", async () => {
    const n = await negotiateGeneration("1.0", maker(v10));
    expect(n.withoutVersionHeader).toBeUndefined();
  });

  it("honours an explicit --protocol override", async () => {
    expect(await negotiateGeneration("1.0", maker(v10), "0.3")).toMatchObject({
      generation: "0.3",
      source: "override",
    });
  });

  it("keeps the card's version when the agent cannot be reached", async () => {
    const unreachable = () =>
      new JsonRpcA2AClient(
        { url: "http://127.0.0.1:9/rpc", binding: "JSONRPC", generation: "1.0" },
        { headers: {}, timeoutMs: 500, policy: commandLinePolicy, traffic: new TrafficLog() },
      );
    expect(await negotiateGeneration("1.0", unreachable)).toMatchObject({
      generation: "1.0",
      source: "card",
    });
  });
});

type Call = { id: unknown; method: string; params?: unknown };
type ErrorReply = { error: { code: number; message: string } };

/** A JSON-RPC server on loopback whose every answer is the error `answer` picks for the call. */
function jsonRpcServer(answer: (call: Call) => ErrorReply): Promise<LoopbackServer> {
  return serve((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const call = JSON.parse(Buffer.concat(chunks).toString()) as Call;
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ jsonrpc: "2.0", id: call.id, ...answer(call) }));
    });
  });
}

const error = (code: number, message: string): ErrorReply => ({ error: { code, message } });

/**
 * A server that knows the 0.2 methods (message/send, tasks/get) and answers every other method with
 * `unknownCode`: -32601 as JSON-RPC says, or a wrong code such as -32603 for every unknown method alike.
 */
function startV02Server(unknownCode: number): Promise<LoopbackServer> {
  return jsonRpcServer((call) =>
    call.method === "message/send"
      ? error(-32602, "Invalid params: message is required")
      : call.method === "tasks/get"
        ? error(-32001, "Task not found")
        : error(unknownCode, `Unknown method ${call.method}`),
  );
}

/** A server that knows only A2A 0.1: tasks/send (and tasks/get); every newer method is unknown. */
function startV01Server(): Promise<LoopbackServer> {
  return jsonRpcServer((call) => {
    const params = (call.params ?? {}) as { message?: unknown };
    if (call.method === "tasks/send" && params.message === undefined)
      return error(-32602, "Invalid params: message is required");
    if (call.method === "tasks/send" || call.method === "tasks/get") return error(-32001, "Task not found");
    return error(-32601, `Method not found: ${call.method}`);
  });
}

describe("negotiateGeneration finds the version the wire speaks, in both directions", () => {
  let v01: LoopbackServer;
  beforeAll(async () => {
    v01 = await startV01Server();
  });
  afterAll(async () => {
    await v01.close();
  });
  const at = (url: string) => (generation: ProtocolGeneration) =>
    new JsonRpcA2AClient(
      { url, binding: "JSONRPC", generation },
      { headers: {}, timeoutMs: 3000, policy: commandLinePolicy, traffic: new TrafficLog() },
    );

  it("tells a 0.1 agent from a 0.3 one although both know tasks/get (card newer than the wire)", async () => {
    for (const card of ["0.3", "1.0"] as const) {
      const n = await negotiateGeneration(card, at(v01.url));
      expect(n).toMatchObject({ generation: "0.1", source: "wire", mismatch: { card, wire: "0.1" } });
      expect(n.mismatch?.message).toBe(`the card says A2A ${card} but the agent speaks A2A 0.1 on the wire`);
    }
  });

  it("finds 0.3 behind a card that says 0.1 (card older than the wire)", async () => {
    const n = await negotiateGeneration("0.1", maker(v03));
    expect(n).toMatchObject({ generation: "0.3", source: "wire", mismatch: { card: "0.1", wire: "0.3" } });
    expect(n.notes[0]).toMatch(
      /claims A2A 0\.1 but tasks\/send is unknown to the agent \(-32601\).*message\/send/,
    );
  });

  it("finds 1.0 behind a card that says 0.3, from the agent's refusal of an unversioned call", async () => {
    const n = await negotiateGeneration("0.3", maker(v10));
    expect(n).toMatchObject({ generation: "1.0", source: "wire", mismatch: { card: "0.3", wire: "1.0" } });
    expect(n.notes[0]).toMatch(/refused message\/send without an A2A-Version header \(-32009\)/);
  });

  it("tests an agent behind a 0.2 card as 0.3 when it serves 0.3's own method, and reports the mismatch", async () => {
    const n = await negotiateGeneration("0.2", maker(v03));
    expect(n).toMatchObject({ generation: "0.3", source: "wire", mismatch: { card: "0.2", wire: "0.3" } });
    expect(n.notes[0]).toMatch(/claims A2A 0\.2 but the agent answers agent\/getAuthenticatedExtendedCard/);
  });

  it("keeps a card's 0.2 on an agent that does not know 0.3's own method", async () => {
    const v02 = await startV02Server(-32601);
    try {
      const n = await negotiateGeneration("0.2", at(v02.url));
      expect(n).toMatchObject({ generation: "0.2", source: "wire" });
      expect(n.mismatch).toBeUndefined();
    } finally {
      await v02.close();
    }
  });

  it("tests an agent behind a 0.2 card served at 0.3's well-known path as 0.3, and reports the mismatch", async () => {
    const v02 = await startV02Server(-32601);
    try {
      const cardUrl = `${v02.url}/.well-known/agent-card.json`;
      const n = await negotiateGeneration("0.2", at(v02.url), undefined, { cardUrl });
      expect(n).toMatchObject({ generation: "0.3", source: "wire", mismatch: { card: "0.2", wire: "0.3" } });
      expect(n.notes[0]).toContain(`served at ${cardUrl}, the location A2A 0.3 §5.3 introduced`);
      // The legacy path is 0.2's own: nothing contradicts the card there.
      const legacy = await negotiateGeneration("0.2", at(v02.url), undefined, {
        cardUrl: `${v02.url}/.well-known/agent.json`,
      });
      expect(legacy).toMatchObject({ generation: "0.2", source: "wire" });
      expect(legacy.mismatch).toBeUndefined();
    } finally {
      await v02.close();
    }
  });

  it("tests an agent whose card claims 0.1, served at agent.json, that answers 0.2's methods, as 0.2", async () => {
    const v02 = await startV02Server(-32601);
    try {
      const legacy = { cardUrl: `${v02.url}/.well-known/agent.json` };
      const n = await negotiateGeneration("0.1", at(v02.url), undefined, legacy);
      expect(n).toMatchObject({ generation: "0.2", source: "wire", mismatch: { card: "0.1", wire: "0.2" } });
      expect(n.notes[0]).toContain("where A2A 0.1 and 0.2 put it");
      // Served where 0.3 puts it, or given directly, the shared methods are read as 0.3 as before.
      const current = { cardUrl: `${v02.url}/.well-known/agent-card.json` };
      expect(await negotiateGeneration("0.1", at(v02.url), undefined, current)).toMatchObject({
        generation: "0.3",
      });
      expect(await negotiateGeneration("0.1", at(v02.url))).toMatchObject({ generation: "0.3" });
    } finally {
      await v02.close();
    }
  });

  it("keeps a card's 0.2 on an agent that answers every unknown method with the same wrong code", async () => {
    const v02 = await startV02Server(-32603);
    try {
      expect(await negotiateGeneration("0.2", at(v02.url))).toMatchObject({
        generation: "0.2",
        source: "wire",
      });
    } finally {
      await v02.close();
    }
  });

  it("finds 0.3 behind a card that says 0.1 when the agent answers every unknown method with one custom code", async () => {
    // Like @reactive-agents/a2a: unknown methods (tasks/send among them) get -32000, message/send works.
    const agent = await jsonRpcServer((call) =>
      call.method === "message/send"
        ? error(-32700, "Parse error")
        : error(-32000, `Method not found: ${call.method}`),
    );
    try {
      expect(await negotiateGeneration("0.1", at(agent.url))).toMatchObject({
        generation: "0.3",
        source: "wire",
      });
    } finally {
      await agent.close();
    }
  });

  it("creates no task while probing", async () => {
    const traffic = new TrafficLog();
    const make = (generation: ProtocolGeneration) =>
      new JsonRpcA2AClient(
        { url: `${v10.url}/a2a/jsonrpc`, binding: "JSONRPC", generation },
        { headers: {}, timeoutMs: 3000, policy: commandLinePolicy, traffic },
      );
    await negotiateGeneration("0.1", make);
    const answers = traffic.entries().map((e) => JSON.parse(e.response_body ?? "{}") as { result?: unknown });
    expect(answers.length).toBeGreaterThan(1);
    expect(answers.every((a) => a.result === undefined)).toBe(true);
  });

  it("reads the wire through a framework's own validation replies: a known method is refused otherwise than an unknown one", async () => {
    // As Mastra 1.71's route does: every body its schema refuses gets HTTP 400 {error, issues}, naming the
    // field at fault; a method it does not serve is refused on `method`, a known one on its params.
    const known = new Set(["message/send", "SendMessage"]);
    const framework = await serve((req, res) => {
      let body = "";
      req.on("data", (c: Buffer) => (body += c.toString("utf8")));
      req.on("end", () => {
        const { method } = JSON.parse(body) as { method: string };
        res.writeHead(400, { "content-type": "application/json" });
        const field = known.has(method) ? "params.message" : "method";
        res.end(JSON.stringify({ error: "Invalid request body", issues: [{ field, received: method }] }));
      });
    });
    try {
      // The card claims 0.1; the wire shows 0.1's tasks/send unknown and 1.0's SendMessage known.
      const n = await negotiateGeneration("0.1", at(framework.url));
      expect(n).toMatchObject({ generation: "1.0", source: "wire", mismatch: { card: "0.1", wire: "1.0" } });
      expect(await negotiateGeneration("0.3", at(framework.url))).toMatchObject({
        generation: "0.3",
        source: "wire",
      });
    } finally {
      await framework.close();
    }
  });

  it("explains an answer that is not A2A, with its traffic entry, and keeps the card's version", async () => {
    const html = await serve((_req, res) => {
      res.setHeader("content-type", "text/html");
      res.end("<html>hello</html>");
    });
    try {
      const n = await negotiateGeneration("0.3", at(html.url));
      expect(n).toMatchObject({ generation: "0.3", source: "card" });
      // Each generation's send is answered as a method that cannot exist is: none is confirmed.
      expect(n.notes[0]).toMatch(
        /no A2A version was confirmed on the wire \(message\/send: .*\(traffic [^)]+\), the answer a method that does not exist gets; SendMessage: /,
      );
    } finally {
      await html.close();
    }
  });
});

describe("auth helpers", () => {
  it("turns credentials into headers and query parameters and lists the values to redact", () => {
    const applied = applyCredentials([{ kind: "bearer", token: "tok" }, parseApiKey("key=abc", "query")!]);
    expect(applied).toEqual({
      headers: { Authorization: "Bearer tok" },
      query: { key: "abc" },
      secrets: ["tok", "abc"],
    });
    const basic = applyCredentials([parseBasic("ann:pw:with:colons")!]);
    expect(basic.headers.Authorization).toBe(`Basic ${Buffer.from("ann:pw:with:colons").toString("base64")}`);
    expect(parseBasic("nocolon")).toBeUndefined();
  });

  it("reads 0.3 and 1.0 security schemes and says how to satisfy them", () => {
    expect(readScheme("k", { type: "apiKey", in: "header", name: "X-API-Key" })).toMatchObject({
      type: "apiKey",
      paramName: "X-API-Key",
    });
    expect(readScheme("k", { type: "apiKey", in: "header", name: "X-API-Key" }).howTo).toContain(
      "--api-key X-API-Key=VALUE",
    );
    expect(readScheme("k", { apiKeySecurityScheme: { location: "query", name: "key" } })).toMatchObject({
      type: "apiKey",
      in: "query",
    });
    expect(readScheme("b", { httpAuthSecurityScheme: { scheme: "Bearer" } })).toMatchObject({
      type: "http",
      scheme: "bearer",
    });
    expect(readScheme("o", { type: "oauth2", flows: {} }).type).toBe("oauth2");
  });

  it("knows whether a card requires credentials", () => {
    const { securitySchemes: _s, security: _r, ...withoutSecurity } = validCard03();
    const open = validateCard(withoutSecurity).card;
    expect(cardRequiresAuth(open)).toBe(false);
    const locked = validateCard({
      ...validCard03(),
      securitySchemes: { bearer: { type: "http", scheme: "bearer" } },
      security: [{ bearer: [] }],
    }).card;
    expect(cardRequiresAuth(locked)).toBe(true);
    expect(cardSecurity(locked).requirements).toEqual([["bearer"]]);
  });

  it("reads 0.1's authentication member as a requirement on a 0.1 wire only", () => {
    const { securitySchemes: _s, security: _r, ...withoutSecurity } = validCard03();
    const leftover = validateCard({ ...withoutSecurity, authentication: { schemes: ["api-key"] } }).card;
    expect(cardRequiresAuth(leftover, "0.1")).toBe(true);
    expect(cardRequiresAuth(leftover)).toBe(true);
    // From 0.2 on, securitySchemes and security declare authentication; the 0.1 member is not read.
    expect(cardRequiresAuth(leftover, "0.2")).toBe(false);
    expect(cardRequiresAuth(leftover, "0.3")).toBe(false);
  });
});
