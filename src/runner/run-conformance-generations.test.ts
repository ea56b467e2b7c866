import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { startReferenceAgent } from "../agent/index.js";
import type { RunningAgent } from "../agent/types.js";
import type { Finding } from "../model/finding.js";
import { commandLinePolicy } from "../net/outbound-policy.js";
import { runA2ATest } from "./run-a2a-test.js";
import { runConformance, type ConformanceOptions } from "./run-conformance.js";
import { handAgentsClosedAfterAll, handCard03, refusal } from "./testing/hand-agent.js";

// An agent that serves A2A 0.3 and 1.0 at one URL, choosing by the A2A-Version header (A2A 1.0.1 §3.6.1,
// §3.6.2), as Mastra 1.71 does: its plain card is 0.3's, and a request with A2A-Version: 1.0 gets a 1.0 card
// listing both. Two reference agents behind one loopback front.
const open: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((o) => o.close()));
});

const CARD_PATH = "/.well-known/agent-card.json";

async function readBody(req: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

type Json = Record<string, unknown>;

/** Passes an agent's answer on as it comes, so a dropped stream is dropped at the agent too. */
async function passOn(answer: Response, res: http.ServerResponse): Promise<void> {
  res.writeHead(answer.status, { "content-type": answer.headers.get("content-type") ?? "" });
  const reader = answer.body?.getReader();
  for (let part = await reader?.read(); part && !part.done; part = await reader?.read())
    res.write(part.value);
  res.end();
}

/** Starts a front on loopback, closed after each test; its URL. */
async function listening(server: http.Server): Promise<string> {
  await new Promise<void>((ready) => server.listen(0, "127.0.0.1", ready));
  open.push({ close: () => new Promise((done) => server.close(() => done())) });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}

const readCard = async (agent: RunningAgent): Promise<Json> =>
  (await (await fetch(`${agent.url}${CARD_PATH}`)).json()) as Json;

/** A URL of an agent moved to the front, path kept. */
const moved = (url: unknown, front: string): string =>
  new URL(new URL(String(url)).pathname, front).toString();

/** The 0.3 card as the front serves it: its JSON-RPC interface at the front. */
function oldCard(card: Json, front: string): Json {
  const url = moved(card.url, front);
  return {
    ...card,
    url,
    preferredTransport: "JSONRPC",
    additionalInterfaces: [{ url, transport: "JSONRPC" }],
  };
}

/** The 1.0 card as the front serves it: both generations' JSON-RPC interfaces at the front. */
function currentCard(card: Json, old: Json, front: string): Json {
  const interfaces = card.supportedInterfaces as Json[];
  const jsonrpc = interfaces.find((i) => i.protocolBinding === "JSONRPC") as Json;
  return {
    ...card,
    supportedInterfaces: [
      { url: moved(old.url, front), protocolBinding: "JSONRPC", protocolVersion: "0.3" },
      { url: moved(jsonrpc.url, front), protocolBinding: "JSONRPC", protocolVersion: "1.0" },
    ],
  };
}

/** The two cards at one front; `serves10` false: every request goes to the 0.3 agent, whatever its version. */
async function twoGenerationAgent(flaw10?: string, serves10 = true): Promise<string> {
  const old = await startReferenceAgent({ protocol: "0.3", signCard: false });
  const current = await startReferenceAgent({
    protocol: "1.0",
    signCard: false,
    ...(flaw10 ? { flaw: flaw10 } : {}),
  });
  open.push(old, current);
  let front = "";
  const server = http.createServer((req, res) => {
    void (async () => {
      const asOne = req.headers["a2a-version"] === "1.0";
      const to = asOne && (serves10 || req.method === "GET") ? current : old;
      if (req.method === "GET" && req.url === CARD_PATH) {
        res.writeHead(200, { "content-type": "application/json", vary: "A2A-Version" });
        const served = asOne
          ? currentCard(await readCard(current), await readCard(old), front)
          : oldCard(await readCard(old), front);
        res.end(JSON.stringify(served));
        return;
      }
      const body = await readBody(req);
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers))
        if (typeof v === "string" && k !== "host" && k !== "content-length") headers[k] = v;
      const answer = await fetch(new URL(req.url ?? "/", to.url), {
        method: req.method ?? "POST",
        headers,
        ...(body.length > 0 ? { body: new Uint8Array(body) } : {}),
      });
      await passOn(answer, res);
    })().catch(() => res.destroy());
  });
  front = await listening(server);
  return front;
}

const conform = (
  agentUrl: string,
  extra: Pick<ConformanceOptions, "protocolOverride" | "endpointOverride" | "categories"> = {},
) =>
  runConformance({
    agentUrl,
    headers: {},
    timeoutMs: 5000,
    policy: commandLinePolicy,
    categories: ["card", "lifecycle"],
    ...extra,
  });

const of = (findings: readonly Finding[] | undefined, id: string) =>
  (findings ?? []).filter((f) => f.id === id).map((f) => `${f.generation ?? "-"} ${f.status}`);

describe("an agent that serves two generations at one URL", () => {
  it("is tested in each, every finding naming its generation", async () => {
    const result = await conform(await twoGenerationAgent());
    expect(result.protocol?.generations).toEqual(["0.3", "1.0"]);
    expect(result.warnings.join("\n")).toMatch(
      /answers a request with A2A-Version: 1\.0 with a card that claims A2A 1\.0/,
    );
    expect(result.findings?.every((f) => f.generation === "0.3" || f.generation === "1.0")).toBe(true);
    // The card checks judge each card; a 1.0-only check runs on the 1.0 side and passes there.
    expect(of(result.findings, "card.required-fields")).toEqual(["0.3 pass", "1.0 pass"]);
    expect(of(result.findings, "lifecycle.history-length")).toEqual(["0.3 skip", "1.0 pass"]);
    expect(result.status).toBe("passed");
  });

  it("fails the 1.0 side alone when only its 1.0 wire deviates", async () => {
    const result = await conform(await twoGenerationAgent("history-ignored"));
    expect(of(result.findings, "lifecycle.history-length")).toEqual(["0.3 skip", "1.0 fail"]);
    expect(result.status).toBe("failed");
    expect(result.reason).toMatch(/lifecycle\.history-length/);
  });

  it("judges a 1.0 interface that speaks only 0.3 by its card, and runs nothing else on it twice", async () => {
    const result = await conform(await twoGenerationAgent(undefined, false));
    expect(of(result.findings, "card.protocol-version-matches-wire")).toEqual(["0.3 pass", "1.0 fail"]);
    expect(result.findings?.filter((f) => f.generation === "1.0" && f.category !== "card")).toEqual([]);
    expect(result.warnings.join("\n")).toMatch(
      /A2A 1\.0 interface .* speaks 0\.3 on the wire, which is tested already/,
    );
  });

  it("tests one generation, with no generation on its findings, when the user chose one (--protocol)", async () => {
    const result = await conform(await twoGenerationAgent("history-ignored"), { protocolOverride: "0.3" });
    expect(result.protocol?.generations).toBeUndefined();
    expect(result.findings?.some((f) => f.generation !== undefined)).toBe(false);
    expect(result.status).toBe("passed");
  });

  it("is named by the card command, which validates the plain card and says how to see the other", async () => {
    const agentUrl = await twoGenerationAgent();
    const card = await runA2ATest({
      config: { agent_url: agentUrl, headers: {}, timeout_s: 5 },
      mode: "card",
      policy: commandLinePolicy,
    });
    expect(card.card?.protocol_version).toBe("0.3.0");
    expect(card.warnings.join("\n")).toMatch(
      /claims A2A 1\.0 .*add -H 'A2A-Version: 1\.0' to validate that one/,
    );
    const asked = await runA2ATest({
      config: { agent_url: agentUrl, headers: { "A2A-Version": "1.0" }, timeout_s: 5 },
      mode: "card",
      policy: commandLinePolicy,
    });
    expect(asked.card?.found_at).toMatch(/agent-card\.json$/);
    expect(asked.warnings.join("\n")).not.toMatch(/A2A-Version: 1\.0/);
  });
});

/**
 * A card that states no protocolVersion in front of an agent that serves 1.0's methods beside the older
 * ones at one endpoint (seen at first sight): 1.0's method names go to a 1.0 agent, the rest to a 0.3 one.
 */
async function versionlessCardOverTwoGenerations(asked?: "versionless-for-1.0"): Promise<string> {
  const old = await startReferenceAgent({ protocol: "0.3", signCard: false });
  const current = await startReferenceAgent({ protocol: "1.0", signCard: false });
  open.push(old, current);
  let front = "";
  const server = http.createServer((req, res) => {
    void (async () => {
      if (req.method === "GET") {
        const { protocolVersion, ...card } = oldCard(await readCard(old), front);
        // With "versionless-for-1.0", only a 1.0 client (A2A-Version: 1.0) gets the card without a version.
        const stated = asked && req.headers["a2a-version"] === undefined ? { protocolVersion } : {};
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify({ ...card, ...stated }));
        return;
      }
      const body = await readBody(req);
      const { method } = JSON.parse(body.toString("utf8")) as { method?: string };
      const oneZero = /^[A-Z]/.test(method ?? "");
      const url = oneZero ? currentJsonRpcUrl(await readCard(current)) : String((await readCard(old)).url);
      const answer = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", "a2a-version": oneZero ? "1.0" : "0.3" },
        body: new Uint8Array(body),
      });
      await passOn(answer, res);
    })().catch(() => res.destroy());
  });
  front = await listening(server);
  return front;
}

/** The JSON-RPC interface URL of a 1.0 card. */
const currentJsonRpcUrl = (card: Json): string =>
  String(((card.supportedInterfaces as Json[]).find((i) => i.protocolBinding === "JSONRPC") as Json).url);

describe("an agent whose card states no version while its endpoint serves 1.0", () => {
  it("is tested in 1.0 too, the wire deciding, beside what its card reads as", async () => {
    const result = await conform(await versionlessCardOverTwoGenerations());
    expect(result.protocol?.generations).toHaveLength(2);
    expect(result.protocol?.generations).toContain("1.0");
    expect(result.warnings.join("\n")).toMatch(
      /states no protocolVersion, and .* answers A2A 1\.0's GetTask/,
    );
    expect(of(result.findings, "lifecycle.history-length")).toContain("1.0 pass");
    // The card is the one 1.0 clients read: judged once, as theirs, and it tells them of no interface.
    expect(of(result.findings, "card.required-fields")).toEqual(["1.0 fail"]);
    expect(of(result.findings, "card.interfaces")).not.toContain("1.0 fail");
    const interfaces = result.findings?.find((f) => f.id === "card.required-fields");
    expect(interfaces?.message).toMatch(/states no protocolVersion and has no supportedInterfaces/);
  });

  it("judges as the 1.0 card a versionless card served only to 1.0 clients, beside the plain 0.3 card", async () => {
    const result = await conform(await versionlessCardOverTwoGenerations("versionless-for-1.0"));
    expect(result.protocol?.generations).toContain("1.0");
    expect(result.warnings.join("\n")).toMatch(
      /A2A-Version: 1\.0 with a card of its own that states no version/,
    );
    const interfaces = (result.findings ?? []).filter((f) => f.id === "card.required-fields");
    expect(interfaces.map((f) => `${f.generation ?? "-"} ${f.status}`)).toContain("1.0 fail");
    expect(interfaces.find((f) => f.generation === "1.0")?.message).toMatch(
      /states no protocolVersion and has no supportedInterfaces/,
    );
  });
});

const startHandAgent = handAgentsClosedAfterAll();

describe("a versionless card of an agent tested through --endpoint that speaks 1.0 there", () => {
  it("is judged as the card 1.0 clients read, which tells them of no interface", async () => {
    // A 1.0-only JSON-RPC agent behind a 0.3-shaped card without protocolVersion (seen at first sight).
    const agent = await startHandAgent((request, url) => {
      if (request.kind === "card") {
        const { protocolVersion: _none, ...card } = handCard03(url);
        return card;
      }
      return /^[A-Z]/.test(request.method) ? refusal(-32001) : refusal(-32601);
    });
    const result = await conform(agent.url, {
      endpointOverride: { url: agent.url, transport: "JSONRPC" },
      categories: ["card"],
    });
    expect(result.protocol?.negotiated).toBe("1.0");
    expect(result.warnings.join("\n")).toMatch(/judged as the one A2A 1\.0 clients read/);
    const interfaces = result.findings?.find((f) => f.id === "card.required-fields");
    expect(interfaces).toMatchObject({ status: "fail", level: "MUST" });
    expect(result.findings?.find((f) => f.id === "card.interfaces")?.status).not.toBe("fail");
    expect(interfaces?.message).toMatch(/states no protocolVersion and has no supportedInterfaces/);
  });
});

describe("a card that states no version before an agent that speaks A2A 0.1", () => {
  it("is the card 0.1 clients read: the card section holds no error for the members 0.1 leaves optional", async () => {
    const { startHandAgent } = await import("./testing/hand-agent.js");
    const agent = await startHandAgent((request, url) => {
      if (request.kind === "card")
        return {
          name: "Tasks agent",
          url,
          version: "1.0",
          capabilities: {},
          skills: [{ id: "a", name: "A" }],
        };
      if (request.method === "tasks/send")
        return request.params.message
          ? { result: { id: "t1", status: { state: "completed" } } }
          : { error: { code: -32602, message: "no message" } };
      return { error: { code: -32601, message: "Method not found" } };
    });
    open.push(agent);
    const result = await runConformance({
      agentUrl: agent.url,
      headers: {},
      timeoutMs: 3000,
      policy: commandLinePolicy,
      catalogue: [],
    });
    expect(result.protocol?.negotiated).toBe("0.1");
    expect(result.card?.errors).toEqual([]);
    expect(result.card?.warnings.map((w) => w.message)).toContain(
      "protocolVersion is missing; the card is read as A2A 0.1, which its agent speaks on the wire",
    );
  });
});
