import { join } from "node:path";
import { chromium, type Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startReferenceAgent, type RunningAgent } from "../agent/index.js";
import type { RunningServer } from "./server.js";
import { buildWeb, chromiumArgs, findChromium } from "./testing/browser.js";
import { apiClient, newModule, serve, tempDir, waitForRun } from "./testing/harness.js";

const executablePath = findChromium();

const title = executablePath
  ? "comparing two runs of a test on the run page in headless Chromium"
  : "comparing two runs — SKIPPED: no chromium at /usr/bin/chromium or on PATH (set CHROMIUM_PATH)";

describe.skipIf(!executablePath)(title, () => {
  const tmp = tempDir();
  let server: RunningServer;
  let good: RunningAgent;
  let broken: RunningAgent;
  let browser: Browser;

  beforeAll(async () => {
    const webRoot = join(tmp.dir, "web");
    await buildWeb(webRoot);
    good = await startReferenceAgent({ port: 0, workMs: 0 });
    broken = await startReferenceAgent({ port: 0, workMs: 0, flaw: "task-fails" });
    server = await serve(tmp.db, { webRoot });
    browser = await chromium.launch({ executablePath, args: chromiumArgs, timeout: 20_000 });
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await good?.close();
    await broken?.close();
    tmp.remove();
  });

  it("shows what the later run broke against the earlier one, as --baseline does", async () => {
    const api = apiClient(server.url);
    const moduleId = await newModule(api, "Shop", "Smoke");
    const test = await api<{ id: string }>("POST", "/api/tests", {
      module_id: moduleId,
      name: "Checkout smoke",
      kind: "smoke",
      config: { agent_url: good.url, timeout_s: 10 },
    });
    expect(test.status).toBe(201);
    const first = await api<{ id: string }>("POST", `/api/tests/${test.body.id}/runs`);
    await waitForRun(api, first.body.id, 30_000);
    // The same test, now aimed at a release whose tasks fail.
    const patched = await api("PATCH", `/api/tests/${test.body.id}`, {
      name: "Checkout smoke",
      kind: "smoke",
      config: { agent_url: broken.url, timeout_s: 10 },
    });
    expect(patched.status).toBe(200);
    const second = await api<{ id: string }>("POST", `/api/tests/${test.body.id}/runs`);
    await waitForRun(api, second.body.id, 30_000);

    const page = await browser.newPage();
    page.setDefaultTimeout(15_000);
    const problems: string[] = [];
    page.on("pageerror", (e) => problems.push(e.message));
    await page.goto(`${server.url}/runs/${second.body.id}`);
    const select = page.locator('select[name="compare-with"]');
    await select.selectOption(first.body.id);
    const result = page.locator(".compare-result .baseline");
    await expect(result.locator(".baseline-summary").textContent()).resolves.toMatch(
      /^1 new failure, 0 fixed, 0 still failing/,
    );
    await expect(result.locator(".baseline-group.bad td").allTextContents()).resolves.toEqual([
      "smoke",
      "",
      "pass",
      "fail",
    ]);
    expect(problems).toEqual([]);
    await page.close();
  });
});
