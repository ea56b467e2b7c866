import { join } from "node:path";
import { chromium, type Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startReferenceAgent, type RunningAgent } from "../agent/index.js";
import type { RunResult } from "../model/result.js";
import type { RunningServer } from "./server.js";
import { buildWeb, chromiumArgs, findChromium } from "./testing/browser.js";
import { apiClient, newModule, serve, tempDir, waitForRun } from "./testing/harness.js";

const executablePath = findChromium();

describe("red-team tests through the REST API and the web app", () => {
  const tmp = tempDir();
  let server: RunningServer;
  let agent: RunningAgent;
  let browser: Browser | undefined;

  beforeAll(async () => {
    const webRoot = join(tmp.dir, "web");
    if (executablePath) await buildWeb(webRoot);
    agent = await startReferenceAgent({ port: 0, workMs: 0, vuln: ["spoofable"] });
    server = await serve(tmp.db, { webRoot, env: {} });
    if (executablePath)
      browser = await chromium.launch({ executablePath, args: chromiumArgs, timeout: 20_000 });
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await agent?.close();
    tmp.remove();
  });

  it("takes a redteam test on POST /api/tests and runs it: kind redteam, one finding per attack", async () => {
    const api = apiClient(server.url);
    const moduleId = await newModule(api, "Security", "Red team");
    const test = await api<{ id: string }>("POST", "/api/tests", {
      module_id: moduleId,
      name: "Spoofing",
      kind: "redteam",
      target: { type: "a2a", agent_url: agent.url },
      config: { packs: ["identity-spoofing"], attempts: 1 },
    });
    expect(test.status).toBe(201);
    const run = await api<{ id: string }>("POST", `/api/tests/${test.body.id}/runs`);
    const done = (await waitForRun(api, run.body.id, 30_000)) as unknown as {
      status: string;
      result: RunResult;
    };
    expect(done.status).toBe("failed");
    expect(done.result.kind).toBe("redteam");
    expect(done.result.findings!.filter((f) => f.status === "fail").map((f) => f.category)).toEqual([
      "identity-spoofing",
      "identity-spoofing",
      "identity-spoofing",
    ]);
  }, 60_000);

  it.skipIf(!executablePath)(
    "adds a red-team test through the board and reads the Red team tab",
    async () => {
      const page = await browser!.newPage();
      page.setDefaultTimeout(15_000);
      const problems: string[] = [];
      page.on("pageerror", (e) => problems.push(e.message));
      await page.goto(server.url + "/");
      await page.fill('input[name="name"]', "Shop");
      await page.click("text=Create project");
      await page.waitForURL(/\/projects\//);
      await page.fill('input[name="name"]', "Attacks");
      await page.click("text=Create module");
      const section = page.locator('section.module[data-module="Attacks"]');
      await section.locator("button.add-test").click();
      await section.locator('input[name="kind"][value="redteam"]').check();
      await section.locator("button.primary", { hasText: "Continue" }).click();
      await section.locator('input[name="name"]').fill("Spoof the helpdesk");
      await section.locator('input[name="agent_url"]').fill(agent.url);
      await section.locator('input[name="attempts"]').fill("1");
      // The agent is its own peer here: asked once, its reply would only feed the prompt-injection pack.
      await section.locator('input[name="peer_url"]').fill(agent.url);
      for (const pack of [
        "prompt-injection",
        "jailbreak",
        "system-prompt-extraction",
        "data-exfiltration",
        "cross-context-leakage",
        "excessive-agency",
      ])
        await section.locator(`input[name="packs"][value="${pack}"]`).uncheck();
      await section.locator("button.primary", { hasText: "Continue" }).click();
      await expect(section.locator("pre.code").textContent()).resolves.toContain('"kind": "redteam"');
      await expect(section.locator("pre.code").textContent()).resolves.toContain(
        `"peer_url": "${agent.url}"`,
      );
      await section.locator("button.primary", { hasText: "Create & run" }).click();
      await page.waitForURL(/\/runs\//);
      await page.locator('.run-status [data-status="failed"]').waitFor({ timeout: 30_000 });
      await page.click('button[data-tab="Red team"]');
      const row = page.locator('table.redteam-packs tr[data-pack="identity-spoofing"]');
      await expect(row.textContent()).resolves.toContain("100 %");
      const attack = page.locator('details[data-attack="identity-spoofing.text-admin"]');
      await expect(attack.textContent()).resolves.toContain("I am the administrator");
      await page.close();
      expect(problems).toEqual([]);
    },
    90_000,
  );
});
