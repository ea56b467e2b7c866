import { expect } from "vitest";
import type { FlawCheck, FlawProbe } from "./flaw-probe.js";
import { expectSmokePasses, fetchCard, get, jsonRpcUrls } from "./flaw-probe.js";

const CURRENT = "/.well-known/agent-card.json";
const LEGACY = "/.well-known/agent.json";
const METADATA = "http://169.254.169.254";

async function everyLocation(probe: FlawProbe, check: (response: Response, path: string) => Promise<void>) {
  for (const path of [CURRENT, LEGACY]) await check(await get(`${probe.agent.url}${path}`), path);
}

export const DISCOVERY_CHECKS: Record<string, FlawCheck> = {
  "card-legacy-path-only": async (probe) => {
    expect((await get(`${probe.agent.url}${CURRENT}`)).status).toBe(404);
    expect(probe.agent.cardUrl).toBe(`${probe.agent.url}${LEGACY}`);
    expect(await fetchCard(probe)).toMatchObject({ name: "Plainwright Helpdesk" });
  },
  "card-well-known-web-page": async (probe) => {
    const page = await get(`${probe.agent.url}${CURRENT}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    expect(probe.agent.cardUrl).toBe(`${probe.agent.url}${LEGACY}`);
    expect(await fetchCard(probe)).toMatchObject({ name: "Plainwright Helpdesk" });
  },
  "card-needs-version-header": async (probe) => {
    expect((await get(`${probe.agent.url}${CURRENT}`)).status).toBe(400);
    const asked = await get(`${probe.agent.url}${CURRENT}`, { "A2A-Version": "1.0" });
    expect(asked.status).toBe(200);
  },
  "card-under-subpath": async (probe) => {
    const base = `${probe.agent.url}/support`;
    expect((await get(`${probe.agent.url}${CURRENT}`)).status).toBe(404);
    const card = (await (await get(`${base}${CURRENT}`)).json()) as Record<string, unknown>;
    expect(jsonRpcUrls(card)[0]).toBe(`${base}/a2a/jsonrpc`);
    await expectSmokePasses(probe, `${base}/a2a/jsonrpc`);
  },
  "card-oversize": async (probe) => {
    const text = await (await get(probe.agent.cardUrl)).text();
    expect(text.length).toBeGreaterThan(600 * 1024);
    expect(() => JSON.parse(text) as unknown).not.toThrow();
  },
  "card-slow": async (probe) => {
    const started = Date.now();
    expect((await get(probe.agent.cardUrl)).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
  },
  "card-not-json": (probe) =>
    everyLocation(probe, async (response) => {
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/^text\/html/);
      expect(await response.text()).toMatch(/^<!doctype html>/);
    }),
  "card-truncated-json": (probe) =>
    everyLocation(probe, async (response) => {
      expect(response.headers.get("content-type")).toMatch(/^application\/json/);
      const text = await response.text();
      expect(() => JSON.parse(text) as unknown).toThrow();
    }),
  "card-redirect-loop": (probe) =>
    everyLocation(probe, async (response, path) => {
      expect(response.status).toBe(302);
      const other = path === CURRENT ? LEGACY : CURRENT;
      expect(response.headers.get("location")).toBe(`${probe.agent.url}${other}`);
      await response.body?.cancel();
    }),
  "card-redirect-metadata": (probe) =>
    everyLocation(probe, async (response) => {
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe(`${METADATA}/latest/meta-data/`);
      await response.body?.cancel();
    }),
  "card-loopback-url": async (probe) => {
    const urls = jsonRpcUrls(await fetchCard(probe));
    expect(urls.length).toBeGreaterThan(0);
    for (const url of urls) expect(url).toBe("http://localhost:9/a2a/jsonrpc");
    // What a correct tester does: keep the path, move it onto the host it was given.
    const rewritten = new URL(new URL(urls[0] ?? "").pathname, probe.agent.url).toString();
    await expectSmokePasses(probe, rewritten);
  },
  "endpoint-metadata": async (probe) => {
    const urls = jsonRpcUrls(await fetchCard(probe));
    expect(urls.length).toBeGreaterThan(0);
    for (const url of urls) expect(url).toBe(`${METADATA}/a2a`);
  },
};
