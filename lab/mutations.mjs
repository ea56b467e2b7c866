// The mutation matrix: each deviation of src/mutation played through the proxy in front of an
// agent; the check that owns it must fail with it and must not fail without it.
import { startReferenceAgent } from "../dist/agent/index.js";
import { MUTATIONS, checkFor, correctTwin, startMutationProxy } from "../dist/mutation/index.js";
import { conform } from "./harness.mjs";

const FAILED = new Set(["fail", "error"]);
const CONCURRENCY = 2;

/** How one check ended in one run: failed, passed, skipped, or never ran. */
function statusOf(findings, check) {
  const mine = findings.filter((f) => f.id === check);
  if (!mine.length) return { status: "not run" };
  const failed = mine.find((f) => FAILED.has(f.status));
  if (failed) return { status: "fail", message: failed.message ?? "" };
  // Only the passes tell what was judged: a skip on another generation's side names its check's ids too.
  const passed = mine.filter((f) => f.status === "pass");
  if (passed.length)
    return {
      status: "pass",
      message: passed[0].message ?? "",
      tck: passed.flatMap((f) => (f.tck ? f.tck.split(", ") : [])),
    };
  return { status: mine[0].status, message: mine[0].message ?? "" };
}

/** The generation an agent speaks, as the suite read it off the wire. */
export function generationOf(result) {
  return result?.protocol?.negotiated === "1.0" ? "1.0" : "0.x";
}

/** Every generation the suite tested on an agent (one, unless it serves several at once). */
export function generationsOf(result) {
  const tested = result?.protocol?.generations;
  if (!tested?.length) return [generationOf(result)];
  return [...new Set(tested.map((g) => (g === "1.0" ? "1.0" : "0.x")))];
}

/** Every wire version the suite tested on an agent ("0.2", "0.3", "1.0" ...), finer than its generations. */
export function wireVersionsOf(result) {
  const tested = result?.protocol?.generations;
  if (tested?.length) return tested;
  return result?.protocol?.negotiated ? [result.protocol.negotiated] : [];
}

/** Which cell wins when a mutation is judged on several generations of one agent: the worst news first. */
const PRECEDENCE = [
  "MISSED",
  "error",
  "proven",
  "found by its owner",
  "already fails",
  "not judged",
  "not exercised",
  "n/a",
];
const worst = (cells) =>
  cells.reduce((a, b) => (PRECEDENCE.indexOf(b.verdict) < PRECEDENCE.indexOf(a.verdict) ? b : a));

/**
 * The check a skipped check stepped aside for, where its skip names the check that owns the finding
 * ("lifecycle.send-returns-task's finding", "... reports it"): one defect, one finding.
 */
function ownerNamed(skipped) {
  if (skipped.status !== "skip") return undefined;
  return /\b([a-z]+\.[a-z0-9-]+)(?:'s finding| reports)/.exec(skipped.message ?? "")?.[1];
}

async function throughProxy(agentUrl, mutation, args) {
  const url = new URL(agentUrl);
  const proxy = await startMutationProxy({ target: url.origin, ...(mutation ? { mutation } : {}) });
  try {
    const result = await conform(proxy.url + url.pathname + url.search, args);
    return { result, applied: proxy.applied() };
  } finally {
    await proxy.close();
  }
}

/**
 * Plays every mutation through a proxy in front of one running agent. Returns one cell per
 * mutation: proven (fails with, passes without), found by its owner (the check stepped aside, naming the
 * check that owns what the deviation became on this agent, which failed with it and passed without it),
 * missed (changed the traffic, the check passed without it and did not fail with it), not exercised (the agent never sent what the mutation
 * changes), not judged (the check skips on this agent either way), already fails (the agent's own
 * deviation), n/a (another generation), or error.
 */
export async function mutationMatrix(agentUrl, result, conformArgs = [], only = undefined) {
  const generations = generationsOf(result);
  const versions = wireVersionsOf(result);
  const baseline = await throughProxy(agentUrl, undefined, conformArgs);
  const base = baseline.result.findings ?? [];
  const cells = new Map();
  // A deviation of some wire versions only (a method 0.2's early releases lack) is none on the others.
  const inVersions = (m) => !m.protocols || versions.some((v) => m.protocols.includes(v));
  // Each wire version's own check where the mutation names one (0.2 judges at SHOULD what 0.3 makes a MUST).
  const generationOfVersion = (v) => (v === "1.0" ? "1.0" : "0.x");
  const checksOf = (m) => {
    if (!inVersions(m)) return [];
    const checks = versions.length
      ? versions.map((v) => checkFor(m, generationOfVersion(v), v))
      : generations.map((g) => checkFor(m, g));
    return [...new Set(checks.filter(Boolean))];
  };
  const queue = MUTATIONS.filter((m) => {
    if (only && !only.has(m.id)) return false;
    if (checksOf(m).length > 0) return true;
    cells.set(m.id, { verdict: "n/a" });
    return false;
  });
  // The interop checks judge two agents: a peer mutation is played with a reference agent of the same
  // generation as --peer.
  const peer = queue.some((m) => m.peer)
    ? await startReferenceAgent({ port: 0, protocol: generations[0] === "1.0" ? "1.0" : "0.3" })
    : undefined;
  // An agent serving two generations: the mutation is played once, and judged by each generation's check.
  async function one(m) {
    const played = new Map();
    const play = (mutation, args) => {
      const key = `${mutation?.id ?? "-"} ${args.join(" ")}`;
      if (!played.has(key)) played.set(key, throughProxy(agentUrl, mutation, args));
      return played.get(key);
    };
    const cellsOfIt = [];
    for (const check of checksOf(m)) cellsOfIt.push(await oneCheck(m, check, play));
    return worst(cellsOfIt);
  }

  async function oneCheck(m, check, play) {
    const args = [...conformArgs, ...(m.peer ? ["--peer", peer.url] : []), "--category", check.split(".")[0]];
    try {
      // A mutation with a correct twin departs from that agent (played by the proxy), not from this one as it
      // is; a peer mutation's run without it needs the peer, which the shared baseline was not given.
      const twin = correctTwin(m);
      const withoutFindings = twin || m.peer ? ((await play(twin, args)).result.findings ?? []) : base;
      const without = statusOf(withoutFindings, check);
      if (without.status === "fail") return { verdict: "already fails", check, message: without.message };
      const { result, applied } = await play(m, args);
      const withIt = statusOf(result.findings ?? [], check);
      if (withIt.status === "fail") return { verdict: "proven", check, applied };
      if (!applied) return { verdict: "not exercised", check, message: `without: ${without.status}` };
      // The deviation took on this agent the shape another check owns (an agent that refuses the empty input
      // a mutation leaves it is refusing the message): reported once, by that check, which must have passed
      // without it.
      const owner = ownerNamed(withIt);
      if (
        owner &&
        statusOf(result.findings ?? [], owner).status === "fail" &&
        statusOf(withoutFindings, owner).status === "pass"
      )
        return { verdict: "found by its owner", check, owner, applied, message: withIt.message };
      // A check this agent gives nothing to judge (skipped with and without) proves nothing either way.
      if (without.status !== "pass" && withIt.status !== "pass")
        return { verdict: "not judged", check, message: `${withIt.status}: ${withIt.message ?? ""}` };
      // Nor does a pass that judged none of the requirements the mutation breaks (a check's part that
      // needs a hint this agent was not given reports only the ids it judged).
      const judged = withIt.tck ?? [];
      if (m.violates?.length && !m.violates.some((id) => judged.includes(id)))
        return {
          verdict: "not judged",
          check,
          message: `${check} did not judge ${m.violates.join(", ")} here`,
        };
      return { verdict: "MISSED", check, applied, message: `${withIt.status}: ${withIt.message ?? ""}` };
    } catch (err) {
      return { verdict: "error", check, message: String(err?.message ?? err) };
    }
  }
  const workers = Array.from({ length: CONCURRENCY }, async () => {
    for (let m = queue.shift(); m; m = queue.shift()) cells.set(m.id, await one(m));
  });
  try {
    await Promise.all(workers);
  } finally {
    await peer?.close();
  }
  return { cells, baseline: baseline.result };
}

/** The verdicts of a direct run and a run through a proxy that changes nothing, where they differ. */
export function transparencyDiff(direct, proxied) {
  const key = (f) => `${f.id} ${f.transport ?? ""} ${f.generation ?? ""}`.replace(/\s+$/, "");
  const through = new Map((proxied.findings ?? []).map((f) => [key(f), f.status]));
  return (direct.findings ?? [])
    .filter((f) => through.get(key(f)) !== f.status)
    .map((f) => `${key(f).trim()}: ${f.status} direct, ${through.get(key(f)) ?? "absent"} through the proxy`);
}

export const MUTATION_IDS = MUTATIONS.map((m) => m.id);
