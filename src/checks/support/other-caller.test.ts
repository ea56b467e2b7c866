import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startReferenceAgent, type RunningAgent } from "../../agent/index.js";
import type { CallOutcome } from "../../client/types.js";
import { commandLinePolicy } from "../../net/outbound-policy.js";
import { TrafficLog } from "../../net/traffic.js";
import { runConformance } from "../../runner/run-conformance.js";
import type { CheckContext } from "../types.js";
import { answerOf, credentialRefused } from "./other-caller.js";

const scopeChecks = [
  "auth.get-scoped",
  "auth.existence-hidden",
  "auth.task-operations-scoped",
  "auth.list-scoped",
];
let agent: RunningAgent;
beforeAll(async () => {
  // Only alice's token is valid: a second identity with any other token is refused at the door.
  agent = await startReferenceAgent({ protocol: "1.0", bearerToken: "alice" });
});
afterAll(() => agent.close());

async function scopeFindings(
  identityHeaders: Record<string, string>,
  transports: Array<"JSONRPC" | "HTTP+JSON" | "GRPC"> = ["JSONRPC"],
) {
  const result = await runConformance({
    agentUrl: agent.url,
    headers: { Authorization: "Bearer alice" },
    credentialsGiven: true,
    timeoutMs: 5000,
    policy: commandLinePolicy,
    categories: ["auth"],
    transports,
    identities: [{ name: "bob", headers: identityHeaders }],
  });
  return (result.findings ?? []).filter((f) => scopeChecks.includes(f.id));
}

describe("the task-scope checks' second caller", () => {
  it("is a skip, never a pass, when the agent refuses its credential before looking for any task", async () => {
    const findings = await scopeFindings({ Authorization: "Bearer bob" }, ["JSONRPC", "HTTP+JSON", "GRPC"]);
    expect(findings).toHaveLength(scopeChecks.length * 3);
    for (const f of findings) {
      expect(`${f.id} ${f.status}: ${f.message}`).toMatch(/ skip: /);
      expect(f.message).toMatch(/refused the second identity "bob" itself \(.*(HTTP 401|UNAUTHENTICATED)/);
    }
  });

  it("is a skip when it sends the run's own credentials, since it is the same caller", async () => {
    for (const f of await scopeFindings({ Authorization: "Bearer alice" })) {
      expect(f.status).toBe("skip");
      expect(f.message).toMatch(/sends the same headers as the run itself/);
    }
  });
});

describe("answers as a client tells them apart", () => {
  // Only the traffic log is read, for the status of replies that are no A2A answer.
  const ctx = { clientContext: { traffic: new TrafficLog() } } as unknown as CheckContext;
  const error = (code: number, name: string, extra: object = {}): CallOutcome<unknown> => ({
    ok: false,
    kind: "error",
    error: { code, name, message: "whatever the agent wrote", ...extra },
    trafficIds: [],
  });

  it("differ by code, HTTP status or gRPC status, never by message text", () => {
    expect(answerOf(ctx, error(-32001, "TaskNotFound", { httpStatus: 404 }))).toBe(
      "TaskNotFound (-32001), HTTP 404",
    );
    expect(answerOf(ctx, error(-32001, "TaskNotFound", { httpStatus: 404 }))).not.toBe(
      answerOf(ctx, error(-32001, "TaskNotFound", { httpStatus: 403 })),
    );
    expect(answerOf(ctx, error(-32001, "TaskNotFound", { grpcStatus: "NOT_FOUND" }))).not.toBe(
      answerOf(ctx, error(-32001, "TaskNotFound", { grpcStatus: "PERMISSION_DENIED" })),
    );
    expect(answerOf(ctx, { ok: true, value: {}, raw: {}, trafficIds: [] })).toBe("a result");
  });

  it("count 401/403 and gRPC UNAUTHENTICATED/PERMISSION_DENIED as a refused credential", () => {
    expect(credentialRefused(ctx, error(-32603, "HTTPError", { httpStatus: 401 }))).toBe(true);
    expect(credentialRefused(ctx, error(-32603, "Unauthenticated", { grpcStatus: "UNAUTHENTICATED" }))).toBe(
      true,
    );
    expect(credentialRefused(ctx, error(-32001, "TaskNotFound", { httpStatus: 404 }))).toBe(false);
  });
});
