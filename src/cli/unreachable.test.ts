import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exitCodes } from "./exit-codes.js";
import { runCli } from "./testing/run-cli.js";
import { startReferenceAgent } from "../agent/index.js";

// Port 9 (discard) has nothing listening on loopback in the test environment: every connection is refused.
const nowhere = "http://127.0.0.1:9/";

describe("a target where nothing answers is an error of the run, not a list of failures", () => {
  it.each([["card"], ["smoke"], ["conform"], ["redteam"]])(
    "%s: exit 2 before any check or attack, with a hint of what to check",
    async (command) => {
      const r = await runCli([command, nowhere]);
      expect(r.code).toBe(exitCodes.error);
      expect(r.stdout).toContain(`nothing answers at ${nowhere}`);
      expect(r.stdout).toContain("is the agent running there");
      expect(r.stdout).not.toMatch(/failed to answer|\d+ passed/);
    },
  );
});

describe("a --peer where nothing answers is an error of the run too", () => {
  it("conform --peer: exit 2 naming the peer, before any check, never PASSED", async () => {
    const agent = await startReferenceAgent({ port: 0, protocol: "0.3" });
    try {
      const r = await runCli(["conform", agent.url, "--peer", nowhere]);
      expect(r.code).toBe(exitCodes.error);
      expect(r.stdout).toContain(`--peer ${nowhere}: nothing answers at ${nowhere}`);
      expect(r.stdout).not.toMatch(/PASSED|\d+ passed/);
    } finally {
      await agent.close();
    }
  });
});

describe("a card whose interface nothing answers at is an error of the run too", () => {
  // A real card, served on loopback, naming an interface where every connection is refused.
  const card = {
    protocolVersion: "0.3.0",
    name: "Gone",
    description: "A card whose interface is down",
    url: "http://127.0.0.1:9/a2a",
    preferredTransport: "JSONRPC",
    version: "1.0.0",
    capabilities: {},
    defaultInputModes: ["text/plain"],
    defaultOutputModes: ["text/plain"],
    skills: [{ id: "echo", name: "Echo", description: "Echoes", tags: ["echo"] }],
  };
  let server: Server;
  let url: string;
  beforeAll(async () => {
    server = createServer((_req, res) => {
      res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(card));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it.each([["smoke"], ["conform"], ["redteam"]])(
    "%s: exit 2 naming the interface, before any check or attack",
    async (command) => {
      const r = await runCli([command, url]);
      expect(r.code, r.stdout).toBe(exitCodes.error);
      expect(r.stdout).toContain("nothing answers at http://127.0.0.1:9/a2a, the card's JSONRPC interface");
      expect(r.stdout).toContain("is the agent running there");
      expect(r.stdout).not.toMatch(/failed to answer|\d+ passed|checks failed/);
    },
  );

  it("redteam --endpoint where nothing answers: exit 2 naming the flag", async () => {
    const r = await runCli(["redteam", url, "--endpoint", "http://127.0.0.1:9/a2a/jsonrpc"]);
    expect(r.code, r.stdout).toBe(exitCodes.error);
    expect(r.stdout).toContain("nothing answers at http://127.0.0.1:9/a2a/jsonrpc, --endpoint");
  });
});
