import { networkInterfaces } from "node:os";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NetError } from "../net/errors.js";
import { checkUrl, commandLinePolicy, resolveSelfTarget } from "../net/outbound-policy.js";
import type { RunningServer } from "./server.js";
import { apiClient, newModule, serve, smokeTest, tempDir } from "./testing/harness.js";

let server: RunningServer;
const tmp = tempDir();

beforeAll(async () => {
  server = await serve(tmp.db);
});
afterAll(async () => {
  await server?.close();
  tmp.remove();
});

describe("no test aims at the server itself", () => {
  it.each([
    ["its own URL", (port: number) => `http://127.0.0.1:${port}/api/runs`],
    ["localhost", (port: number) => `http://localhost:${port}`],
    ["another loopback address", (port: number) => `http://127.0.0.2:${port}/`],
  ])(
    "a test whose agent_url is %s is refused when saved, whatever --allow-private says",
    async (_what, url) => {
      const api = apiClient(server.url);
      const moduleId = await newModule(api, `self-${Math.random()}`, "m");
      const saved = await api<{ error: { message: string; field: string } }>(
        "POST",
        "/api/tests",
        smokeTest(moduleId, url(server.port), { headers: {} }),
      );
      expect(saved.status).toBe(400);
      expect(saved.body.error.field).toBe("config.agent_url");
      expect(saved.body.error.message).toContain("this Plainwright server itself");
    },
  );

  it("an endpoint aimed at the server is refused the same way", async () => {
    const api = apiClient(server.url);
    const moduleId = await newModule(api, `self-${Math.random()}`, "m");
    const saved = await api<{ error: { field: string } }>(
      "POST",
      "/api/tests",
      smokeTest(moduleId, "http://127.0.0.1:9/", { headers: {}, endpoint: `${server.url}/a2a` }),
    );
    expect(saved.status).toBe(400);
    expect(saved.body.error.field).toBe("config.endpoint");
  });
});

describe("the outbound policy refuses the serving process's own ports", () => {
  const policy = { ...commandLinePolicy, selfPorts: [4321] };
  const ownAddress = Object.values(networkInterfaces())
    .flat()
    .find((i) => i && i.family === "IPv4" && !i.internal)?.address;

  it("refuses a local address at a serving port even where loopback is allowed", async () => {
    await expect(checkUrl("http://127.0.0.1:4321/x", policy)).rejects.toMatchObject({ rule: "policy.self" });
    await expect(checkUrl("http://[::1]:4321/", policy)).rejects.toBeInstanceOf(NetError);
    await expect(checkUrl("http://0.0.0.0:4321/", policy)).rejects.toMatchObject({ rule: "policy.self" });
  });

  it.runIf(ownAddress)("refuses the machine's own interface address at a serving port", async () => {
    await expect(checkUrl(`http://${ownAddress}:4321/`, policy)).rejects.toMatchObject({
      rule: "policy.self",
    });
  });

  it("allows the same address at another port", async () => {
    await expect(checkUrl("http://127.0.0.1:4322/", policy)).resolves.toMatchObject({ address: "127.0.0.1" });
  });
});

describe("a worker refuses the server it runs tests for (--server)", () => {
  it("refuses the server's resolved address and port, also spelled another way, and allows its other ports", async () => {
    const server = await resolveSelfTarget("http://localhost:5001");
    const policy = { ...commandLinePolicy, selfTargets: [server] };
    await expect(checkUrl("http://127.0.0.1:5001/api/tests", policy)).rejects.toThrow(
      "the Plainwright server this worker runs tests for (http://localhost:5001)",
    );
    await expect(checkUrl("http://localhost:5001/", policy)).rejects.toMatchObject({ rule: "policy.self" });
    await expect(checkUrl("http://127.0.0.1:5002/", policy)).resolves.toMatchObject({ address: "127.0.0.1" });
  });

  it("refuses a remote server's address at its port, whatever the test calls it", async () => {
    const policy = {
      ...commandLinePolicy,
      selfTargets: [{ url: "http://10.1.2.3:8080", addresses: ["10.1.2.3"], port: 8080 }],
    };
    await expect(checkUrl("http://10.1.2.3:8080/api/projects", policy)).rejects.toMatchObject({
      rule: "policy.self",
    });
    await expect(checkUrl("http://10.1.2.3:8081/", policy)).resolves.toMatchObject({ address: "10.1.2.3" });
  });
});
