import { join } from "node:path";
import { chromium, type Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startReferenceAgent, type RunningAgent } from "../agent/index.js";
import type { RunningServer } from "./server.js";
import { buildWeb, chromiumArgs, findChromium } from "./testing/browser.js";
import { apiClient, newModule, serve, tempDir, waitForRun } from "./testing/harness.js";

const executablePath = findChromium();

const title = executablePath
  ? "the Load tab of a finished load run in headless Chromium"
  : "the Load tab — SKIPPED: no chromium at /usr/bin/chromium or on PATH (set CHROMIUM_PATH)";

describe.skipIf(!executablePath)(title, () => {
  const tmp = tempDir();
  let server: RunningServer;
  let agent: RunningAgent;
  let browser: Browser;

  beforeAll(async () => {
    const webRoot = join(tmp.dir, "web");
    await buildWeb(webRoot);
    agent = await startReferenceAgent({ port: 0, workMs: 0 });
    server = await serve(tmp.db, { webRoot });
    browser = await chromium.launch({ executablePath, args: chromiumArgs, timeout: 20_000 });
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await agent?.close();
    tmp.remove();
  });

  it("shows the figures, each threshold passed or failed, the errors and both plots", async () => {
    const api = apiClient(server.url);
    const moduleId = await newModule(api, "Shop", "Load");
    const test = await api<{ id: string }>("POST", "/api/tests", {
      module_id: moduleId,
      name: "Helpdesk under load",
      kind: "load",
      config: {
        agent_url: agent.url,
        timeout_s: 10,
        load: { concurrency: 2, requests: 20, thresholds: ["errors < 1%", "p99 < 0.001ms"] },
      },
    });
    expect(test.status).toBe(201);
    const run = await api<{ id: string }>("POST", `/api/tests/${test.body.id}/runs`);
    const done = await waitForRun(api, run.body.id, 30_000);
    expect(done.result?.kind).toBe("load");

    const page = await browser.newPage();
    page.setDefaultTimeout(15_000);
    const problems: string[] = [];
    page.on("pageerror", (e) => problems.push(e.message));
    await page.goto(`${server.url}/runs/${run.body.id}`);
    const view = page.locator("section.load-view");
    await expect(view.locator(".load-headline").textContent()).resolves.toMatch(
      /20 completed \(20 ok, 0 failed\) in [\d.]+ s: [\d.]+ requests\/s/,
    );
    const thresholds = view.locator(".load-thresholds li");
    await expect(thresholds.allTextContents()).resolves.toEqual([
      expect.stringMatching(/^✓ errors < 1%: 0\.00 %$/),
      expect.stringMatching(/^✗ p99 < 0\.001ms: [\d.]+ ms$/),
    ]);
    await expect(
      view.locator(".load-thresholds li").evaluateAll((li) => li.map((l) => l.dataset.passed)),
    ).resolves.toEqual(["true", "false"]);
    await expect(view.textContent()).resolves.toContain("No request failed.");
    // Both plots are real SVG (the SVG namespace), with one bar per histogram bin.
    const charts = view.locator("svg.chart");
    await expect(
      charts.evaluateAll((svgs) => svgs.map((s) => s.getAttribute("aria-label") ?? "")),
    ).resolves.toEqual([
      expect.stringMatching(/^Latency over time/),
      expect.stringMatching(/^Latency histogram: 20 requests/),
    ]);
    const box = await charts.first().boundingBox();
    expect(box?.width).toBeGreaterThan(100);
    await page.close();
    expect(problems).toEqual([]);
  }, 90_000);
});
