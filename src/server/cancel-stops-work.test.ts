import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { holdingAgent } from "../runner/testing/holding-agent.js";
import type { RunningServer } from "./server.js";
import { apiClient, newModule, serve, tempDir, waitForRun } from "./testing/harness.js";

let server: RunningServer;
const tmp = tempDir();
const agents: Array<{ close: () => Promise<void> }> = [];

beforeAll(async () => {
  server = await serve(tmp.db);
});
afterEach(async () => {
  await Promise.all(agents.splice(0).map((a) => a.close()));
});
afterAll(async () => {
  await server?.close();
  tmp.remove();
});

type Agent = Awaited<ReturnType<typeof holdingAgent>>;

/** A test of the given kind against a fresh holding agent, and a run of it with `inFlight` messages held. */
async function runHeld(
  kind: "load" | "redteam",
  inFlight: number,
  on: RunningServer = server,
  waitHeld = inFlight,
) {
  // The first message is answered: the run's reachability probe gets its task, the work is held.
  const agent = await holdingAgent(1);
  agents.push(agent);
  const api = apiClient(on.url);
  const moduleId = await newModule(api, `p-${Math.random()}`, "m");
  const body =
    kind === "load"
      ? {
          module_id: moduleId,
          name: "held load",
          kind,
          config: {
            agent_url: agent.url,
            timeout_s: 120,
            load: { concurrency: inFlight, requests: 100_000 },
          },
        }
      : {
          module_id: moduleId,
          name: "held red team",
          kind,
          target: { type: "a2a", agent_url: agent.url },
          config: { packs: ["identity-spoofing", "prompt-injection"], attempts: 3 },
        };
  const test = await api<{ id: string }>("POST", "/api/tests", body);
  expect(test.status, JSON.stringify(test.body)).toBe(201);
  const run = await api<{ id: string }>("POST", `/api/tests/${test.body.id}/runs`);
  await agent.held(waitHeld);
  return { api, agent, runId: run.body.id };
}

/**
 * After the cancel: every held request is given up, the run ends canceled, and the agent gets nothing
 * more. A run still going would fill each freed slot at once with a new message, held in its turn; the
 * count is read again after several more round trips through the server that ran the work.
 */
async function expectStopped(
  api: ReturnType<typeof apiClient>,
  agent: Agent,
  runId: string,
  inFlight: number,
) {
  const cancel = await api("POST", `/api/runs/${runId}/cancel`);
  expect(cancel.status).toBe(200);
  await agent.released(inFlight);
  const done = await waitForRun(api, runId, 30_000);
  expect(done.status).toBe("canceled");
  const sent = agent.count();
  for (let i = 0; i < 10; i++) await api("GET", `/api/runs/${runId}`);
  expect(agent.count(), "messages sent after the run was canceled").toBe(sent);
}

describe("cancelling a run through the API stops its work", () => {
  it("a load run: its requests in flight are given up and no new one is sent", async () => {
    const { api, agent, runId } = await runHeld("load", 3);
    await expectStopped(api, agent, runId, 3);
  });

  it("a red-team run: its attack in flight is given up and no further attack is sent", async () => {
    const { api, agent, runId } = await runHeld("redteam", 1);
    await expectStopped(api, agent, runId, 1);
  });
});

describe("a run's deadline and a server shutdown stop its work too", () => {
  it("a load run past the server's run deadline ends as an error, its requests given up, none sent after", async () => {
    const short = await serve(tmp.db.replace(/\.db$/, "-deadline.db"), { runTimeoutMs: 2000 });
    try {
      // Held requests wait for nothing but the deadline; how many were sent before it does not matter.
      const { api, agent, runId } = await runHeld("load", 3, short, 1);
      const done = await waitForRun(api, runId, 30_000);
      expect(done.status).toBe("error");
      expect(done.result?.reason ?? "").toMatch(/took longer than 2 s and was stopped/);
      // Every message but the answered first one was held, and each was given up.
      await agent.released(agent.count() - 1);
      const sent = agent.count();
      for (let i = 0; i < 10; i++) await api("GET", `/api/runs/${runId}`);
      expect(agent.count(), "messages sent after the deadline").toBe(sent);
    } finally {
      await short.close();
    }
  });

  it.each(["load", "redteam"] as const)(
    "a %s run when the server shuts down: its work in flight is given up and nothing is sent after",
    async (kind) => {
      const inFlight = kind === "load" ? 3 : 1;
      const closing = await serve(tmp.db.replace(/\.db$/, `-shutdown-${kind}.db`));
      const { agent } = await runHeld(kind, inFlight, closing);
      await closing.close();
      await agent.released(inFlight);
      const sent = agent.count();
      // Round trips through another server: time for a run still going to send again.
      const api = apiClient(server.url);
      for (let i = 0; i < 10; i++) await api("GET", "/api/projects");
      expect(agent.count(), "messages sent after the shutdown").toBe(sent);
    },
  );

  it("a red-team run past the server's run deadline ends as an error, its attack given up, none sent after", async () => {
    const short = await serve(tmp.db.replace(/\.db$/, "-deadline-redteam.db"), { runTimeoutMs: 2000 });
    try {
      const { api, agent, runId } = await runHeld("redteam", 1, short);
      const done = await waitForRun(api, runId, 30_000);
      expect(done.status).toBe("error");
      expect(done.result?.reason ?? "").toMatch(/took longer than 2 s and was stopped/);
      await agent.released(1);
      const sent = agent.count();
      for (let i = 0; i < 10; i++) await api("GET", `/api/runs/${runId}`);
      expect(agent.count(), "attacks sent after the deadline").toBe(sent);
    } finally {
      await short.close();
    }
  });
});
