import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { promptInjection } from "../redteam/packs/prompt-injection/index.js";
import { runRedteamTest } from "./run-redteam-test.js";
import type { A2ATestConfig } from "./test-definition.js";

const policy = { allowLoopback: true, allowPrivate: true, allowHosts: [] };

/** An agent whose card is fine and whose endpoint hangs or drops every connection. */
async function brokenAgent(mode: "hang" | "crash"): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    if (req.url?.startsWith("/.well-known/")) {
      const { port } = server.address() as AddressInfo;
      res.setHeader("content-type", "application/json");
      res.end(
        JSON.stringify({
          name: "broken",
          description: "d",
          version: "1",
          supportedInterfaces: [
            { url: `http://127.0.0.1:${port}/rpc`, protocolBinding: "JSONRPC", protocolVersion: "1.0" },
          ],
          capabilities: {},
          defaultInputModes: ["text/plain"],
          defaultOutputModes: ["text/plain"],
          skills: [],
        }),
      );
      return;
    }
    if (mode === "crash") req.socket.destroy();
    // "hang": never answer.
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

let open: Server | undefined;
afterEach(() => {
  open?.closeAllConnections();
  open?.close();
});

describe("a hostile agent under red-team attack", () => {
  it.each([
    ["hangs", "hang"],
    ["crashes", "crash"],
  ] as const)("that %s is a finding with the reason, and the run ends", async (_name, mode) => {
    const agent = await brokenAgent(mode);
    open = agent.server;
    const config = {
      agent_url: agent.url,
      headers: {},
      strict_card: false,
      timeout_s: 1,
      packs: ["prompt-injection"],
      attempts: 1,
    };
    const result = await runRedteamTest({
      config: config as A2ATestConfig,
      policy,
      env: {},
      pollIntervalMs: 50,
    });
    expect(result.status).toBe("failed");
    // Every attack of the pack that runs without a model and without a --peer agent.
    const sent = promptInjection.attacks.filter((a) => !a.needs?.model && !a.needs?.peer).length;
    expect(result.reason).toContain(`failed to answer ${sent} attack`);
    const finding = result.findings!.find((f) => f.id === "redteam.prompt-injection.direct-override")!;
    expect(finding.status).toBe("error");
    expect(finding.message).toMatch(/did not answer/);
  });

  it("stops sending after a run of unanswered attempts, so a hung agent does not cost a timeout per attack", async () => {
    const agent = await brokenAgent("hang");
    open = agent.server;
    const config = { agent_url: agent.url, headers: {}, strict_card: false, timeout_s: 1, attempts: 3 };
    const result = await runRedteamTest({
      config: config,
      policy,
      env: {},
      pollIntervalMs: 50,
    });
    expect(result.status).toBe("failed");
    const evidence = result.redteam!.attacks.flatMap((a) => a.records.map((r) => r.evidence));
    expect(evidence.filter((e) => e.startsWith("not sent")).length).toBeGreaterThan(evidence.length / 2);
  }, 30_000);
});
