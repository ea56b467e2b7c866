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
async function runHeld(kind: "load" | "redteam", inFlight: number) {
  // The first message is answered: the run's reachability probe gets its task, the work is held.
  const agent = await holdingAgent(1);
  agents.push(agent);
  const api = apiClient(server.url);
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
  await agent.held(inFlight);
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
