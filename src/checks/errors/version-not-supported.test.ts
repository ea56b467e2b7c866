import { describe, expect, it } from "vitest";
import { handCard10, httpAgentsClosedAfterAll, verdictsOn } from "../../runner/testing/hand-agent.js";
import versionNotSupported from "./version-not-supported.js";

const startAgent = httpAgentsClosedAfterAll();

/**
 * A 1.0 agent that answers every request by A2A-Version: `serves` says which versions it takes; the others
 * get VersionNotSupported. A read of any task is TaskNotFound.
 */
const agentServing = (serves: (version: string) => boolean) =>
  startAgent((req, body, res, base) => {
    res.setHeader("content-type", "application/json");
    if (req.method === "GET") return void res.end(JSON.stringify(handCard10(base)));
    const call = JSON.parse(body) as { id: unknown };
    const version = String(req.headers["a2a-version"] ?? "");
    const error = serves(version)
      ? { code: -32001, message: "Task not found" }
      : { code: -32009, message: `version ${version} is not supported` };
    res.end(JSON.stringify({ jsonrpc: "2.0", id: call.id, error }));
  });

const verdict = async (url: string) =>
  (await verdictsOn(url, [versionNotSupported])).get(versionNotSupported.id);

describe("errors.version-not-supported", () => {
  it("fails an agent that serves any 1.x as 1.0, refusing only another major (seen at first sight)", async () => {
    const finding = await verdict(await agentServing((v) => v === "" || v.startsWith("1.")));
    expect(finding).toMatchObject({ status: "fail", level: "MUST" });
    expect(finding?.message).toMatch(/A2A-Version: 1\.1 answered TaskNotFound.*the version was not checked/);
  });

  it("passes an agent that serves 1.0 alone (Major.Minor matched, A2A 1.0.1 §3.6.2)", async () => {
    const finding = await verdict(await agentServing((v) => v === "" || v === "1.0"));
    expect(finding).toMatchObject({ status: "pass" });
    expect(finding?.message).toMatch(
      /99\.0 answered VersionNotSupported; .*1\.1 answered VersionNotSupported/,
    );
  });
});
