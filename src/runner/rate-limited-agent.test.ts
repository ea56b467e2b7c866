import { afterAll, describe, expect, it } from "vitest";
import { startReferenceAgent, type RunningAgent } from "../agent/index.js";
import getTask from "../checks/lifecycle/get-task.js";
import unknownTaskNotFound from "../checks/lifecycle/unknown-task-not-found.js";
import invalidParams from "../checks/errors/invalid-params.js";
import unknownMethod from "../checks/errors/unknown-method.js";
import sendReturnsTask from "../checks/lifecycle/send-returns-task.js";
import type { BufferedReply, Exchange, MutationHooks } from "../mutation/types.js";
import { conformThroughProxy } from "./testing/conform-through-proxy.js";

// An agent behind a rate limit (seen at first sight: 100 requests a minute, the suite's second half judged on
// 429 bodies). The limit is played by the mutation proxy in front of the reference agent.

const started: RunningAgent[] = [];
afterAll(async () => {
  await Promise.all(started.map((a) => a.close()));
});

const catalogue = [sendReturnsTask, getTask, unknownTaskNotFound, invalidParams, unknownMethod];

/** A 429 for the JSON-RPC exchanges `limited` picks, with the wait the agent names (none: undefined). */
function rateLimit(limited: (x: Exchange, count: number) => boolean, retryAfter?: string): MutationHooks {
  let count = 0;
  const headers: Record<string, string> = retryAfter === undefined ? {} : { "retry-after": retryAfter };
  return {
    reply: (r: BufferedReply, x: Exchange) => {
      if (x.binding !== "jsonrpc") return undefined;
      count += 1;
      if (!limited(x, count)) return undefined;
      return {
        status: 429,
        contentType: "application/json",
        body: { error: "Too Many Requests" },
        headers,
      };
    },
  };
}

async function conformBehind(hooks: MutationHooks) {
  const agent = await startReferenceAgent({ port: 0, protocol: "0.3" });
  started.push(agent);
  const { findings, warnings } = await conformThroughProxy(agent, hooks, undefined, {
    transports: ["JSONRPC"],
    catalogue,
  });
  return { byId: new Map(findings.map((f) => [f.id, f])), warnings };
}

describe("an agent that limits its rate", () => {
  it("is waited out: every third request refused 429 with Retry-After 0, the checks judge the answers that follow", async () => {
    // Each request refused at most once (its repeat goes through): checks that run side by side could otherwise
    // land one request's repeats on every third count, three times over.
    const refusedOnce = new Set<string>();
    const everyThird = (x: Exchange, n: number) => {
      const key = JSON.stringify(x.request);
      if (n % 3 !== 0 || refusedOnce.has(key)) return false;
      refusedOnce.add(key);
      return true;
    };
    const { byId, warnings } = await conformBehind(rateLimit(everyThird, "0"));
    for (const check of catalogue) expect(byId.get(check.id)?.status, check.id).toBe("pass");
    expect(warnings.join("\n")).toMatch(
      /the agent limited the rate: \d+ response\(s\) HTTP 429 Too Many Requests, \d+ sent again/,
    );
    expect(warnings.join("\n")).not.toMatch(/still refused/);
  });

  it("leaves a check not judged whose request is still refused after the waits, never failed on the 429", async () => {
    // Every read is refused, and the wait named is far past what the run waits: nothing to judge reads on.
    const reads = (x: Exchange) => x.verb === "get";
    const { byId, warnings } = await conformBehind(rateLimit(reads, "3600"));
    for (const id of [getTask.id, unknownTaskNotFound.id]) {
      expect(byId.get(id)?.status, id).toBe("skip");
      expect(byId.get(id)?.message, id).toMatch(
        /not judged: the agent refused a request .* rate limit \(HTTP 429\)/,
      );
    }
    expect(byId.get(sendReturnsTask.id)?.status).toBe("pass");
    expect(warnings.join("\n")).toMatch(/still refused, and the checks that rest on them not judged/);
  });
});
