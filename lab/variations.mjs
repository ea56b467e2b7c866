// What the spec allows, played through the proxy in front of an agent: each variation of
// src/mutation/variations.ts must make no check fail that passed without it.
import { ALLOWED_VARIATIONS, startMutationProxy } from "../dist/mutation/index.js";
import { conform } from "./harness.mjs";

const FAILED = new Set(["fail", "error"]);
const CONCURRENCY = 2;

const failures = (findings) =>
  new Set(
    (findings ?? [])
      .filter((f) => FAILED.has(f.status))
      .map((f) => `${f.id} ${f.transport ?? "agent"}${f.generation ? ` ${f.generation}` : ""}`),
  );

async function failuresThrough(agentUrl, variation, args) {
  const url = new URL(agentUrl);
  const proxy = await startMutationProxy({ target: url.origin, mutation: variation });
  try {
    const result = await conform(proxy.url + url.pathname + url.search, args);
    return { failed: failures(result.findings), applied: proxy.applied() };
  } finally {
    await proxy.close();
  }
}

/**
 * One cell per variation: held (no check failed that passed through the plain proxy), FALSE ALARM (with the
 * checks that failed in two runs with it, so a timing-dependent verdict is not taken for one), not exercised
 * (the agent never sent what it changes), n/a (another generation), or error.
 */
export async function variationCells(agentUrl, generations, conformArgs, baseline) {
  const before = failures(baseline.findings);
  const cells = new Map();
  const queue = ALLOWED_VARIATIONS.filter((v) => {
    if (!v.generations || v.generations.some((g) => generations.includes(g))) return true;
    cells.set(v.id, { verdict: "n/a" });
    return false;
  });
  async function one(v) {
    try {
      const first = await failuresThrough(agentUrl, v, conformArgs);
      if (!first.applied) return { verdict: "not exercised" };
      const fresh = [...first.failed].filter((f) => !before.has(f));
      if (!fresh.length) return { verdict: "held", applied: first.applied };
      const again = await failuresThrough(agentUrl, v, conformArgs);
      const failed = fresh.filter((f) => again.failed.has(f));
      return failed.length ? { verdict: "FALSE ALARM", failed } : { verdict: "held", applied: first.applied };
    } catch (err) {
      return { verdict: "error", message: String(err?.message ?? err) };
    }
  }
  const workers = Array.from({ length: CONCURRENCY }, async () => {
    for (let v = queue.shift(); v; v = queue.shift()) cells.set(v.id, await one(v));
  });
  await Promise.all(workers);
  return cells;
}

export const VARIATION_IDS = ALLOWED_VARIATIONS.map((v) => v.id);
