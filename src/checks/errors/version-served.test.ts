import { describe, expect, it } from "vitest";
import { handCard10, httpAgentsClosedAfterAll, verdictsOn } from "../../runner/testing/hand-agent.js";
import versionServed from "./version-served.js";

const startHttpAgent = httpAgentsClosedAfterAll();

/**
 * A 1.0 JSON-RPC agent that serves A2A-Version 1.0 and refuses 1.0.1 with an HTTP 400 in google.rpc.Status form
 * (seen at first sight), or serves both when `patchServed`.
 */
async function patchRefusedOverHttp(patchServed: boolean): Promise<string> {
  return startHttpAgent((req, body, res, base) => {
    res.setHeader("content-type", "application/json");
    if (req.method === "GET") return void res.end(JSON.stringify(handCard10(base)));
    if (!patchServed && req.headers["a2a-version"] === "1.0.1") {
      res.statusCode = 400;
      const error = { code: 400, status: "INVALID_ARGUMENT", message: "A2A version 1.0.1 not supported" };
      return void res.end(JSON.stringify({ error }));
    }
    const call = JSON.parse(body) as { id: unknown; method: string };
    const reply = (payload: object) => res.end(JSON.stringify({ jsonrpc: "2.0", id: call.id, ...payload }));
    if (call.method === "SendMessage")
      return void reply({
        result: { task: { id: "t1", contextId: "c1", status: { state: "TASK_STATE_COMPLETED" } } },
      });
    if (call.method === "GetTask") return void reply({ error: { code: -32001, message: "Task not found" } });
    reply({ error: { code: -32601, message: "Method not found" } });
  });
}

describe("errors.version-served and a patch number", () => {
  it("fails a 1.0.1 request refused in any form, where 1.0 is served (1.0.1 §3.6)", async () => {
    const finding = (await verdictsOn(await patchRefusedOverHttp(false), [versionServed])).get(
      versionServed.id,
    );
    expect(finding).toMatchObject({ status: "fail" });
    expect(finding?.message).toMatch(
      /A2A-Version: 1\.0\.1 was answered .*HTTP 400.*where 1\.0 got TaskNotFound/,
    );
  });

  it("passes when 1.0.1 gets the answer 1.0 gets", async () => {
    const finding = (await verdictsOn(await patchRefusedOverHttp(true), [versionServed])).get(
      versionServed.id,
    );
    expect(finding).toMatchObject({ status: "pass" });
  });
});
