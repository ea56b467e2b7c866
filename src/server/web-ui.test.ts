import { join } from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startReferenceAgent, type RunningAgent } from "../agent/index.js";
import { conversationScript, judgeSays, userSays } from "../conversation/testing/scripts.js";
import { startScriptedModel, type ScriptedModel } from "../llm/testing/scripted-model.js";
import type { RunResult } from "../model/result.js";
import { renderHtml } from "../report/html.js";
import { resultSections } from "../view/sections.js";
import type { RunningServer } from "./server.js";
import { buildWeb, chromiumArgs, findChromium, serveCard } from "./testing/browser.js";
import { serve, tempDir } from "./testing/harness.js";

const executablePath = findChromium();
const WAIT = { timeout: 15_000 };

const HOSTILE_NAME = `Evil <script>window.__pwned = "script"</script><img src=x onerror="window.__pwned = 'img'">`;

const title = executablePath
  ? "web UI in headless Chromium"
  : "web UI in headless Chromium — SKIPPED: no chromium at /usr/bin/chromium or on PATH (set CHROMIUM_PATH)";

describe.skipIf(!executablePath)(title, () => {
  const tmp = tempDir();
  let server: RunningServer;
  let agent: RunningAgent;
  let flawed: RunningAgent;
  let hostile: { url: string; close: () => Promise<void> };
  let browser: Browser;
  let model: ScriptedModel;
  const problems: string[] = [];
  /** The runs the tests below made, for the test that compares their pages with the HTML report. */
  const runsMade: string[] = [];

  beforeAll(async () => {
    const webRoot = join(tmp.dir, "web");
    await buildWeb(webRoot);
    agent = await startReferenceAgent({ port: 0, workMs: 0 });
    flawed = await startReferenceAgent({ port: 0, workMs: 0, flaw: "card-missing-name" });
    hostile = await serveCard({
      name: HOSTILE_NAME,
      description: `<b>bold?</b><iframe src="javascript:window.__pwned='iframe'"></iframe>`,
      version: "1.0.0",
      protocolVersion: "0.3.0",
      url: "http://127.0.0.1:1/a2a",
      capabilities: {},
      defaultInputModes: ["text/plain"],
      defaultOutputModes: ["text/plain"],
      skills: [
        {
          id: "x",
          name: "<img src=x onerror=alert(1)>",
          description: "d",
          tags: ["t"],
          examples: ["<script>alert(2)</script>"],
        },
      ],
    });
    const script = conversationScript({
      user: userSays({ 2: "When will I see the money?" }),
      judge: judgeSays("passed"),
    });
    model = await startScriptedModel("openai", script);
    const env = {
      PLAINWRIGHT_MODEL: "openai-compatible:scripted",
      PLAINWRIGHT_MODEL_BASE_URL: model.baseURL,
    };
    server = await serve(tmp.db, { webRoot, env });
    browser = await chromium.launch({ executablePath, args: chromiumArgs, timeout: 20_000 });
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await Promise.all([agent?.close(), flawed?.close(), hostile?.close(), model?.close()]);
    tmp.remove();
  });

  async function open(path: string): Promise<Page> {
    const page = await browser.newPage();
    page.setDefaultTimeout(WAIT.timeout);
    page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
    page.on("dialog", (d) => {
      problems.push(`dialog: ${d.message()}`);
      void d.dismiss();
    });
    page.on("console", (m) => {
      if (m.type() === "error") problems.push(`console: ${m.text()}`);
    });
    await page.goto(server.url + path);
    return page;
  }

  async function addTest(
    page: Page,
    moduleName: string,
    testName: string,
    agentUrl: string,
    conversation?: Record<string, string>,
    what: "smoke" | "conversation" | "conformance" = conversation ? "conversation" : "smoke",
  ): Promise<void> {
    await page.fill('input[name="name"]', moduleName);
    await page.click("text=Create module");
    const section = page.locator(`section.module[data-module="${moduleName}"]`);
    await section.locator("button.add-test").click();
    await section.locator("text=A2A agent").waitFor();
    await section.locator("button.primary", { hasText: "Continue" }).click();
    await section.locator('input[name="name"]').fill(testName);
    await section.locator('input[name="agent_url"]').fill(agentUrl);
    await section.locator('input[name="timeout_s"]').fill("10");
    await section.locator("button.primary", { hasText: "Continue" }).click();
    await section.locator("text=Smoke check").waitFor();
    if (what !== "smoke") await section.locator(`input[value="${what}"]`).check();
    if (conversation) {
      for (const [name, value] of Object.entries(conversation))
        await section.locator(`[name="${name}"]`).fill(value);
    }
    await section.locator("button.primary", { hasText: "Continue" }).click();
    await section.locator("button.primary", { hasText: "Create & run" }).click();
    await page.waitForURL(/\/runs\//);
  }

  it("adds a smoke test through the board and sees it pass", async () => {
    const page = await open("/");
    await page.fill('input[name="name"]', "Shop");
    await page.click("text=Create project");
    await page.waitForURL(/\/projects\//);
    await addTest(page, "Support", "Helpdesk smoke", agent.url);
    await page.locator('.run-status [data-status="passed"]').waitFor();
    await page.click('button[data-tab="Agent card"]');
    await expect(page.locator(".card-view").textContent()).resolves.toContain("Plainwright Helpdesk");
    // The page's tabs are the sections of src/view/sections.ts, as the HTML report's parts are.
    const runId = page.url().split("/runs/")[1] ?? "";
    runsMade.push(runId);
    const stored = (await (await fetch(`${server.url}/api/runs/${runId}`)).json()) as { result: RunResult };
    const tabs = await page.locator("button.tab").evaluateAll((b) => b.map((x) => x.dataset.tab));
    expect(tabs).toEqual(resultSections(stored.result).map((section) => section.title));
    expect(tabs).toEqual(["Agent card", "Smoke check", "Traffic"]);
    await page.click('button[data-tab="Smoke check"]');
    await expect(page.locator(".bubble.agent").textContent()).resolves.toContain("I can help with billing");
    await page.click('button[data-tab="Traffic"]');
    expect(await page.locator(".traffic").count()).toBeGreaterThan(1);
    await page.close();
    expect(problems).toEqual([]);
  }, 60_000);

  it("adds a test against a flawed agent and sees the card error with its field path", async () => {
    const page = await open("/");
    await page.click("text=Shop");
    await page.waitForURL(/\/projects\//);
    await addTest(page, "Flawed", "Nameless card", flawed.url);
    await page.locator('.run-status [data-status="failed"]').waitFor();
    const error = page.locator(".issues.card-error li").first();
    await expect(error.locator(".path").textContent()).resolves.toBe("name");
    await expect(page.locator(".reason").textContent()).resolves.toMatch(/card has 1 error/);
    await page.close();
    expect(problems).toEqual([]);
  }, 60_000);

  it("adds a conversation test through the board and reads the verdicts and turns in the Conversation tab", async () => {
    const page = await open("/");
    await page.click("text=Shop");
    await page.waitForURL(/\/projects\//);
    await addTest(page, "Conversations", "Refund", agent.url, {
      persona: "A customer who was charged twice.",
      goal: "Get the duplicate charge refunded.",
      opening_message: "Hi, I was charged twice for order #4411.",
      max_turns: "3",
      success_criteria: "The agent confirms the refund\nThe agent gives a timeline",
    });
    await page.locator('.run-status [data-status="passed"]').waitFor();
    await page.click('button[data-tab="Conversation"]');
    expect(await page.locator(".verdicts li").count()).toBe(2);
    await expect(page.locator(".verdicts").textContent()).resolves.toContain("The agent gives a timeline");
    await expect(page.locator(".chat-log .bubble.user").first().textContent()).resolves.toContain(
      "charged twice",
    );
    expect(await page.locator(".chat-log .bubble.agent").count()).toBeGreaterThanOrEqual(1);
    await page.close();
    expect(problems).toEqual([]);
  }, 60_000);

  it("adds a conformance test through the board and sees passing checks in the Checks tab", async () => {
    const page = await open("/");
    await page.click("text=Shop");
    await page.waitForURL(/\/projects\//);
    await addTest(
      page,
      "Conformance",
      "Helpdesk conformance",
      agent.url,
      // The agent needs no token, so a second Authorization value is simply another caller.
      { hint_input_required: "this is ambiguous", second_identity: "Authorization: Bearer another-caller" },
      "conformance",
    );
    await page.locator('.run-status [data-status="passed"]').waitFor({ timeout: 45_000 });
    runsMade.push(page.url().split("/runs/")[1] ?? "");
    await page.click('button[data-tab="Checks"]');
    const rows = page.locator("table.findings tbody tr");
    await rows.first().waitFor();
    expect(await page.locator('table.findings tbody tr [data-status="pass"]').count()).toBeGreaterThan(3);
    expect(await page.locator('table.findings tbody tr [data-status="fail"]').count()).toBe(0);
    await expect(page.locator("table.findings").textContent()).resolves.toMatch(/JSONRPC|HTTP\+JSON|GRPC/);
    await expect(
      page.locator('table.findings tbody tr[data-id="lifecycle.input-required-continues"]').count(),
    ).resolves.toBeGreaterThan(0);
    const scoped = page.locator('table.findings tbody tr[data-id="auth.get-scoped"] [data-status="pass"]');
    await expect(scoped.count()).resolves.toBeGreaterThan(0);
    // Single-word columns never break ("MUS T"); the web names the test's fields, not CLI flags.
    const level = page.locator("table.findings tbody tr td:nth-child(2)").first();
    expect(await level.evaluate((el) => getComputedStyle(el).whiteSpace)).toBe("nowrap");
    await expect(page.locator("table.findings").textContent()).resolves.not.toMatch(/--hint|--peer/);
    expect(await page.locator(".progress li").count()).toBeGreaterThan(0);
    await page.close();
    expect(problems).toEqual([]);
  }, 90_000);

  it("shows on the run page the section headings and verdict wording the HTML report shows for the same result", async () => {
    // The smoke and conformance runs of the tests above.
    expect(runsMade).toHaveLength(2);
    for (const runId of runsMade) {
      const stored = (await (await fetch(`${server.url}/api/runs/${runId}`)).json()) as { result: RunResult };
      const report = renderHtml([stored.result]);
      const reportText = (pattern: RegExp) => [...report.matchAll(pattern)].map((m) => m[1]?.trim());
      const page = await open(`/runs/${runId}`);
      await page.locator("button.tab").first().waitFor();
      const tabs = await page.locator("button.tab").allTextContents();
      expect(tabs).toEqual(reportText(/<div class="part" data-section="[^"]+">\s*<h3>([^<]+)<\/h3>/g));
      if (stored.result.smoke) {
        await page.click('button[data-tab="Smoke check"]');
        const facts = await page.locator(".smoke-facts dt, .smoke-facts dd").allTextContents();
        const reportFacts = reportText(/<dt>((?:Sent|Reply|Verdict))<\/dt>/g);
        expect(facts.filter((_, i) => i % 2 === 0)).toEqual(reportFacts);
        expect(facts.at(-1)).toBe("valid reply");
        expect(report).toContain('<span class="ok">valid reply</span>');
      }
      if (stored.result.findings?.length) {
        await page.click('button[data-tab="Checks"]');
        const groups = await page.locator("tr.check-group th").allTextContents();
        const reportGroups = reportText(
          /<(?:h4|summary)>((?:Failed|Skipped|Passed) checks \(\d+\))<\/(?:h4|summary)>/g,
        );
        expect(groups).toEqual(reportGroups);
        await expect(page.locator("table.findings").textContent()).resolves.toContain(
          "Every check that ran passed.",
        );
      }
      await page.close();
    }
    expect(problems).toEqual([]);
  }, 60_000);

  it("chats two turns in the inspector, continuing an input-required task, and shows the debug console", async () => {
    const page = await open(`/inspect?url=${encodeURIComponent(agent.url)}`);
    await page.click('button[name="confirm-connect"]');
    await page.locator(".agent-name", { hasText: "Plainwright Helpdesk" }).waitFor();
    // The reference agent signs its card; the inspector checks the signature with the key its jku names.
    await expect(page.locator(".card-view").textContent()).resolves.toMatch(
      /Signaturessigned: signatures\[0\] \(kid [^)]+\): verifies over the card's RFC 8785 form/,
    );
    await page.click('button[data-tab="Chat"]');
    await page.fill('textarea[name="chat-input"]', "My question is ambiguous");
    await page.click("text=Send");
    await page.locator('.bubble.agent [data-status="input-required"]').waitFor();
    await expect(page.locator(".chat-status").textContent()).resolves.toMatch(/continues task/);
    await page.fill('textarea[name="chat-input"]', "It is about a refund");
    await page.click("text=Send");
    await page.locator(".bubble.agent", { hasText: "Thanks, that settles it" }).waitFor();
    expect(await page.locator(".bubble.agent").count()).toBe(2);
    // Another binding the card advertises: a new conversation over gRPC.
    await page.selectOption('select[name="transport"]', "GRPC");
    expect(await page.locator(".bubble.agent").count()).toBe(0);
    await page.fill('textarea[name="chat-input"]', "My question is ambiguous");
    await page.click("text=Send");
    await page.locator('.bubble.agent [data-status="input-required"]').waitFor();
    await page.selectOption('select[name="transport"]', "JSONRPC");

    await page.click('button[data-tab="Debug console"]');
    await page.locator(".debug-console .traffic").first().waitFor();
    const entries = page.locator(".debug-console .traffic");
    // The card, then two streamed turns; entries arrive live, so poll (bounded) for the third.
    await expect.poll(() => entries.count(), { timeout: 5000 }).toBeGreaterThanOrEqual(3);
    // The first streamed turn: settled, so it stays put while later entries arrive.
    const streamed = entries
      .filter({ has: page.locator(".traffic-line", { hasText: /^POST .* events\)$/ }) })
      .first();
    await streamed.locator("summary").click();
    await streamed.locator("button.copy-curl").click();
    await expect(streamed.locator("pre.curl").textContent()).resolves.toMatch(/^curl -X POST '/);
    await page.close();
    expect(problems).toEqual([]);
  }, 60_000);

  it("shows a hostile card's markup as literal text and runs none of it", async () => {
    const page = await open(`/inspect?url=${encodeURIComponent(hostile.url)}`);
    await page.click('button[name="confirm-connect"]');
    const name = page.locator(".agent-name");
    await name.waitFor();
    expect(await name.textContent()).toBe(HOSTILE_NAME);
    await expect(page.locator(".card-view").textContent()).resolves.toContain("<script>alert(2)</script>");
    await page.waitForTimeout(300); // give an injected onerror handler the chance it must not get
    expect(await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned)).toBeUndefined();
    expect(await page.locator("main img, main iframe, main script, main b").count()).toBe(0);
    await page.close();
    expect(problems).toEqual([]);
  }, 60_000);

  it("serves pages under a strict Content-Security-Policy", async () => {
    const res = await fetch(`${server.url}/runs/anything`);
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("unsafe-inline");
    expect(await res.text()).not.toMatch(/<script>(?!<\/script>)/);
  });
});
