import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startReferenceAgent, type RunningAgent } from "../agent/index.js";
import type { RunningServer } from "./server.js";
import { startEndlessAgent, type EndlessAgent } from "./testing/endless-agent.js";
import { buildWeb, chromiumArgs, findChromium } from "./testing/browser.js";
import { apiClient, serve, smokeTest, tempDir } from "./testing/harness.js";

const executablePath = findChromium();
const WAIT = { timeout: 15_000 };

const title = executablePath
  ? "inspector controls and board management in headless Chromium"
  : "inspector controls and board management — SKIPPED: no chromium at /usr/bin/chromium or on PATH (set CHROMIUM_PATH)";

/** A plain server on another port: a page of another origin, and an agent that counts every request. */
async function listenOn(
  handler: Parameters<typeof createServer>[1],
): Promise<{ url: string; server: Server }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

const closeAll = (server: Server | undefined) =>
  new Promise<void>((resolve) => {
    if (!server) return resolve();
    server.closeAllConnections();
    server.close(() => resolve());
  });

describe.skipIf(!executablePath)(title, () => {
  const tmp = tempDir();
  let server: RunningServer;
  let guarded: RunningServer;
  let agent: RunningAgent;
  let flawed: RunningAgent;
  let endless: EndlessAgent;
  let browser: Browser;
  let counted: { url: string; server: Server };
  let attacker: { url: string; server: Server };
  let hits = 0;
  const problems: string[] = [];

  beforeAll(async () => {
    const webRoot = join(tmp.dir, "web");
    await buildWeb(webRoot);
    agent = await startReferenceAgent({ port: 0, workMs: 0 });
    flawed = await startReferenceAgent({ port: 0, workMs: 0, flaw: "task-missing-kind", protocol: "0.3" });
    endless = await startEndlessAgent(100);
    counted = await listenOn((_req, res) => {
      hits++;
      res.writeHead(404).end();
    });
    server = await serve(tmp.db, { webRoot });
    guarded = await serve(join(tmp.dir, "guarded.sqlite"), { webRoot, token: "a-long-api-token" });
    // Another origin whose page sends the browser to the inspector with an internal URL.
    attacker = await listenOn((_req, res) => {
      res.writeHead(200, { "Content-Type": "text/html" });
      res.end(
        `<script>location.href = ${JSON.stringify(`${server.url}/inspect?url=${encodeURIComponent(counted.url)}`)};</script>`,
      );
    });
    browser = await chromium.launch({ executablePath, args: chromiumArgs, timeout: 20_000 });
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await Promise.all([server?.close(), guarded?.close()]);
    await Promise.all([agent?.close(), flawed?.close(), endless?.close()]);
    await Promise.all([closeAll(counted?.server), closeAll(attacker?.server)]);
    tmp.remove();
  });

  async function open(url: string): Promise<Page> {
    const page = await browser.newPage();
    page.setDefaultTimeout(WAIT.timeout);
    page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
    page.on("dialog", (d) => {
      problems.push(`dialog: ${d.message()}`);
      void d.dismiss();
    });
    await page.goto(url.startsWith("http") ? url : server.url + url);
    return page;
  }

  async function inspect(agentUrl: string): Promise<Page> {
    const page = await open(`/inspect?url=${encodeURIComponent(agentUrl)}`);
    await page.click('button[name="confirm-connect"]');
    await page.locator(".agent-name").waitFor();
    await page.click('button[data-tab="Chat"]');
    return page;
  }

  it("a page of another origin that sends the browser to /inspect?url= makes the server contact nothing", async () => {
    const page = await open(attacker.url);
    await page.waitForURL(/\/inspect\?url=/);
    await page.locator('button[name="confirm-connect"]').waitFor();
    await expect(page.locator('input[name="agent-url"]').inputValue()).resolves.toBe(counted.url);
    await page.waitForTimeout(500); // time for a connect that must not happen
    expect(hits).toBe(0);
    await page.click('button[name="confirm-connect"]');
    await page.locator(".agent-name").waitFor();
    expect(hits).toBeGreaterThan(0);
    await page.close();
    expect(problems).toEqual([]);
  }, 30_000);

  it("gets, cancels and subscribes to the current task, and fetches the card once", async () => {
    const page = await inspect(agent.url);
    await page.fill('textarea[name="chat-input"]', "My question is ambiguous");
    await page.click('button[type="submit"]:has-text("Send")');
    await page.locator('.bubble.agent [data-status="input-required"]').waitFor();
    await page.click('button[name="task-get"]');
    await page
      .locator(".bubble.agent", { hasText: "Get task" })
      .locator('[data-status="input-required"]')
      .waitFor();
    await page.click('button[name="task-cancel"]');
    await page
      .locator(".bubble.agent", { hasText: "Cancel task" })
      .locator('[data-status="canceled"]')
      .waitFor();
    await page.click('button[name="task-subscribe"]');
    await page.locator(".bubble.agent", { hasText: "Subscribe" }).waitFor();
    await expect.poll(() => page.locator('button[name="task-get"]').isEnabled(), WAIT).toBe(true);
    await page.click('button[data-tab="Debug console"]');
    await page.locator(".debug-console .traffic").first().waitFor();
    const cardEntries = page.locator(".debug-console .traffic-line", { hasText: /GET .*agent-card\.json/ });
    expect(await cardEntries.count()).toBe(1);
    await page.close();
    expect(problems).toEqual([]);
  }, 60_000);

  it("shows what the protocol check found in a reply, inline", async () => {
    const page = await inspect(flawed.url);
    await page.fill('textarea[name="chat-input"]', "hello");
    await page.click('button[type="submit"]:has-text("Send")');
    await page.locator(".bubble.agent .problem-text").first().waitFor();
    await expect(page.locator(".bubble.agent .problem-text").first().textContent()).resolves.toMatch(/kind/);
    await page.close();
    expect(problems).toEqual([]);
  }, 60_000);

  it("Stop ends a stream that never ends, the badge follows the events, and New conversation re-enables Send", async () => {
    const page = await inspect(endless.url);
    const send = page.locator('button[type="submit"]:has-text("Send")');
    await page.fill('textarea[name="chat-input"]', "wait");
    await send.click();
    await page.locator('.bubble.agent [data-status="working"]').waitFor();
    expect(await send.isDisabled()).toBe(true);
    await page.click('button[name="stop"]');
    await page.locator(".bubble.agent", { hasText: "Stopped." }).waitFor();
    await expect.poll(() => endless.openStreams(), WAIT).toBe(0);
    expect(await send.isEnabled()).toBe(true);
    await page.fill('textarea[name="chat-input"]', "wait again");
    await send.click();
    await page.locator('.bubble.agent [data-status="working"]').waitFor();
    await page.click('button[name="new-conversation"]');
    expect(await send.isEnabled()).toBe(true);
    expect(await page.locator(".bubble").count()).toBe(0);
    await expect.poll(() => endless.openStreams(), WAIT).toBe(0);
    await page.close();
    expect(problems).toEqual([]);
  }, 60_000);

  it("renames and deletes projects, modules and tests, edits a test, and links a run back", async () => {
    const api = apiClient(server.url);
    const page = await open("/");
    await page.fill('input[name="name"]', "Board");
    await page.click("text=Create project");
    await page.waitForURL(/\/projects\//);
    await page.click('button[name="rename-project"]');
    await page.fill('input[name="new-name"]', "Board renamed");
    await page.click('button:has-text("Save")');
    await page.locator("h1", { hasText: "Board renamed" }).waitFor();
    await page.fill('input[name="name"]', "Mod");
    await page.click("text=Create module");
    const section = page.locator('section.module[data-module="Mod"]');
    await section.waitFor();
    await section.locator('button[name="rename-module"]').click();
    await section.locator('input[name="new-name"]').fill("Mod two");
    await section.locator('button:has-text("Save")').click();
    await page.locator('section.module[data-module="Mod two"] h2 a').click();
    await page.waitForURL(/\/modules\//);
    await page.locator('section.module[data-module="Mod two"]').waitFor();
    expect(await page.locator("h1", { hasText: "Not found" }).count()).toBe(0);

    const moduleId = page.url().split("/modules/")[1] ?? "";
    const created = await api<{ id: string }>(
      "POST",
      "/api/tests",
      smokeTest(moduleId, endless.url, { headers: {}, timeout_s: 30 }),
    );
    await page.goto(`${server.url}/tests/${created.body.id}`);
    await page.click('button[name="rename-test"]');
    await page.fill('input[name="new-name"]', "Endless smoke");
    await page.click('button:has-text("Save")');
    await page.locator("h1", { hasText: "Endless smoke" }).waitFor();
    await page.click('button[name="edit-test"]');
    const json = await page.locator('textarea[name="test-json"]').inputValue();
    await page.fill('textarea[name="test-json"]', json.replace('"timeout_s": 30', '"timeout_s": 301'));
    await page.click('button[name="save-test"]');
    await page.locator(".test-editor .error-text", { hasText: "timeout_s" }).waitFor();
    await page.fill('textarea[name="test-json"]', json.replace('"timeout_s": 30', '"timeout_s": 40'));
    await page.click('button[name="save-test"]');
    await page.locator("pre.code", { hasText: '"timeout_s": 40' }).waitFor();

    await page.click("button.run-now");
    await page.waitForURL(/\/runs\//);
    await page.locator(".crumb-test", { hasText: "Endless smoke" }).waitFor();
    await page.locator(".crumb-module", { hasText: "Mod two" }).waitFor();
    await page.locator(".crumb-project", { hasText: "Board renamed" }).waitFor();
    await page.click('button[name="cancel-run"]');
    await page.locator('.run-status [data-status="canceled"]').waitFor();
    const firstRun = page.url();
    await page.click('button[name="run-again"]');
    await expect.poll(() => page.url(), WAIT).not.toBe(firstRun);
    await page.click('button[name="cancel-run"]');
    await page.locator('.run-status [data-status="canceled"]').waitFor();

    await page.click(".crumb-test");
    await page.click('button[name="delete-test"]');
    await page.click('button[name="confirm-delete-test"]');
    await page.waitForURL(/\/modules\//);
    await page.locator("text=No tests in this module yet.").waitFor();
    await page.click('button[name="delete-module"]');
    await page.click('button[name="confirm-delete-module"]');
    await page.waitForURL(/\/projects\//);
    await page.click('button[name="delete-project"]');
    await page.click('button[name="confirm-delete-project"]');
    await page.waitForURL((url) => url.pathname === "/");
    expect(await page.locator("text=Board renamed").count()).toBe(0);
    await page.close();
    expect(problems).toEqual([]);
  }, 90_000);

  it("saves a secret with a confirmation, deletes it, and reports a Configure error on Configure", async () => {
    const page = await open("/");
    await page.fill('input[name="name"]', "Secrets");
    await page.click("text=Create project");
    await page.waitForURL(/\/projects\//);
    await page.click("details.secrets summary");
    await page.fill('input[name="secret-name"]', "AGENT_TOKEN");
    await page.fill('input[name="secret-value"]', "a-long-secret-value");
    await page.click("text=Save secret");
    await page.locator(".saved-text", { hasText: "Saved AGENT_TOKEN" }).waitFor();
    await page.locator('li[data-secret="AGENT_TOKEN"]').waitFor();
    await page.click('button[name="delete-secret-AGENT_TOKEN"]');
    await page.locator(".saved-text", { hasText: "Deleted AGENT_TOKEN" }).waitFor();
    expect(await page.locator('li[data-secret="AGENT_TOKEN"]').count()).toBe(0);

    await page.fill('input[name="name"]', "Wizard");
    await page.click("text=Create module");
    const section = page.locator('section.module[data-module="Wizard"]');
    await section.locator("button.add-test").click();
    await section.locator("button.primary", { hasText: "Continue" }).click();
    await section.locator('input[name="name"]').fill("Bad header");
    await section.locator('input[name="agent_url"]').fill(agent.url);
    await section.locator('textarea[name="headers"]').fill("no colon here");
    await section.locator("button.primary", { hasText: "Continue" }).click();
    await section.locator(".error-text", { hasText: "no colon here" }).waitFor();
    expect(await section.locator("h3", { hasText: "Configure" }).count()).toBe(1);
    await page.close();
    expect(problems).toEqual([]);
  }, 60_000);

  it("never lets a #token= link swap a signed-in browser's token without the person's say", async () => {
    const page = await open(`${guarded.url}/#token=a-long-api-token`);
    await page.locator("h1", { hasText: "Project board" }).waitFor();
    const stored = () => page.evaluate(() => localStorage.getItem("plainwright.token"));
    expect(await stored()).toBe("a-long-api-token");
    // A link of another site, followed in this tab, names a token of its choosing.
    await page.evaluate(() => (location.hash = "#token=attacker-chosen-token"));
    await page.locator('button[name="keep-token"]').click();
    expect(await stored()).toBe("a-long-api-token");
    expect(page.url()).not.toContain("attacker-chosen-token");
    // Accepted on purpose, it is taken.
    await page.evaluate(() => (location.hash = "#token=another-long-token"));
    await page.locator('button[name="replace-token"]').click();
    expect(await stored()).toBe("another-long-token");
    await page.close();
    expect(problems.filter((p) => !/401/.test(p))).toEqual([]);
  }, 30_000);

  it("signs in from a #token= link opened in a tab that already shows the app", async () => {
    const page = await open(guarded.url);
    await page.locator('input[name="token"]').waitFor();
    await page.evaluate(() => (location.hash = "#token=a-long-api-token"));
    await page.locator("h1", { hasText: "Project board" }).waitFor();
    await page.close();
    const unexpected = problems.filter((p) => !/401/.test(p));
    expect(unexpected).toEqual([]);
  }, 30_000);
});
