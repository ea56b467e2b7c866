import { describe, expect, it } from "vitest";
import {
  handAgentsClosedAfterAll,
  handCard10,
  refusal,
  verdictsOn,
} from "../../runner/testing/hand-agent.js";
import cancelTerminalErrors from "./cancel-terminal-errors.js";

const startHandAgent = handAgentsClosedAfterAll();

/** A 1.0 agent whose tasks end canceled at once (the agent's own policy); a cancel of one returns it again. */
async function cancelsItsOwnTasks(): Promise<string> {
  const tasks = new Set<string>();
  const agent = await startHandAgent((request, url) => {
    if (request.kind === "card") return handCard10(url);
    const task = (id: string) => ({ id, contextId: "c1", status: { state: "TASK_STATE_CANCELED" } });
    if (request.method === "SendMessage") {
      const id = `t${tasks.size + 1}`;
      tasks.add(id);
      return { result: { task: task(id) } };
    }
    const id = String(request.params.id);
    return tasks.has(id) ? { result: task(id) } : refusal(-32001);
  });
  return agent.url;
}

describe("lifecycle.cancel-terminal-errors on A2A 1.0", () => {
  it("passes a canceled task canceled again that comes back (Cancel Task is idempotent, 1.0.1 §3.3.1)", async () => {
    const finding = (await verdictsOn(await cancelsItsOwnTasks(), [cancelTerminalErrors])).get(
      "lifecycle.cancel-terminal-errors",
    );
    expect(finding).toMatchObject({ status: "pass" });
    expect(finding?.message).toMatch(/already canceled, returned it again \(idempotent/);
  });
});
