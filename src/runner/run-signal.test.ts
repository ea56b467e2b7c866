import type http from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { catalogue } from "../checks/index.js";
import { defineCheck, fail, pass } from "../checks/define.js";
import type { CheckDefinition } from "../checks/types.js";
import { commandLinePolicy } from "../net/outbound-policy.js";
import { serve, type LoopbackServer } from "../net/testing/loopback-server.js";
import { runConformance } from "./run-conformance.js";

/**
 * A 0.3 agent that answers its card once and the version probe, and then never answers the request
 * `hangs` picks: the run's abort must end that request, not its timeout.
 */
async function hangingAgent(hangs: (req: http.IncomingMessage, body: string, cardReads: number) => boolean) {
  let cardReads = 0;
  let arrived: () => void = () => undefined;
  const hung = new Promise<void>((resolve) => (arrived = resolve));
  const server = await serve((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      if (req.method === "GET") cardReads++;
      if (hangs(req, body, cardReads)) return arrived();
      if (req.method === "GET") {
        res.setHeader("content-type", "application/json");
        res.end(JSON.stringify(card(server.url)));
        return;
      }
      const id = (JSON.parse(body) as { id?: unknown }).id ?? null;
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ jsonrpc: "2.0", id, error: { code: -32602, message: "Invalid params" } }));
    });
  });
  return { server, hung };
}

const card = (url: string) => ({
  protocolVersion: "0.3.0",
  name: "hanging agent",
  description: "answers some requests never",
  url: `${url}/rpc`,
  preferredTransport: "JSONRPC",
  version: "1.0.0",
  capabilities: {},
  defaultInputModes: ["text/plain"],
  defaultOutputModes: ["text/plain"],
  skills: [{ id: "s", name: "s", description: "s", tags: ["s"] }],
});

const failing: CheckDefinition = defineCheck({
  id: "lifecycle.always-fails",
  title: "fails, so the runner asks whether the agent is still there",
  category: "lifecycle",
  level: "SHOULD",
  levelReason: "a test check",
  requirement: "none",
  spec: "none",
  recommendation: "none",
  noSelfTest: "a test check",
  scope: "agent",
  run: () => Promise.resolve(fail("failed on purpose")),
});

const checks = (...ids: string[]) => catalogue.filter((c) => ids.includes(c.id));

let agent: LoopbackServer | undefined;
afterEach(async () => {
  await agent?.close();
  agent = undefined;
});

// Each case is a request the run makes outside the A2A client: a raw JSON-RPC body, a GET without
// credentials, the liveness probe after a failure. The timeout per request is far longer than the
// test's own bound, so only the abort can end the run in time.
describe("cancelling a conformance run ends the requests it has in flight", () => {
  it.each([
    [
      "a check's raw JSON-RPC body",
      checks("errors.parse-error"),
      (req: http.IncomingMessage, body: string) => req.method === "POST" && body.endsWith('"method": '),
    ],
    [
      "a check's GET of the card without credentials",
      checks("card.public"),
      (req: http.IncomingMessage, _body: string, reads: number) => req.method === "GET" && reads > 1,
    ],
  ])("%s", { timeout: 20_000 }, async (_what, catalogueUnderTest, hangs) => {
    const started = await hangingAgent(hangs);
    agent = started.server;
    const controller = new AbortController();
    void started.hung.then(() => controller.abort());
    const result = await runConformance({
      agentUrl: agent.url,
      headers: {},
      timeoutMs: 120_000,
      policy: commandLinePolicy,
      catalogue: catalogueUnderTest,
      signal: controller.signal,
    });
    expect(controller.signal.aborted).toBe(true);
    expect(result.findings?.length).toBeGreaterThan(0);
  });

  it(
    "the runner's liveness probe after a failure, which takes the abort for no sign of a dead agent",
    { timeout: 20_000 },
    async () => {
      const started = await hangingAgent((req, _body, reads) => req.method === "GET" && reads > 1);
      agent = started.server;
      const controller = new AbortController();
      void started.hung.then(() => controller.abort());
      const afterFailure = defineCheck({
        ...failing,
        id: "lifecycle.after-failure",
        dependsOn: [failing.id],
        run: () => Promise.resolve(pass("ran")),
      });
      const result = await runConformance({
        agentUrl: agent.url,
        headers: {},
        timeoutMs: 120_000,
        policy: commandLinePolicy,
        catalogue: [failing, afterFailure],
        signal: controller.signal,
      });
      // Had the probe ignored the abort, it would have run into its own time limit and taken the silence
      // for a dead agent. After the abort nothing more is started, and the next check says why.
      expect(result.findings?.map((f) => f.id)).toEqual([
        "lifecycle.always-fails",
        "lifecycle.after-failure",
      ]);
      const next = result.findings?.[1];
      expect(next?.message).toContain("interrupted");
      expect(next?.message).not.toContain("stopped answering");
    },
  );
});
