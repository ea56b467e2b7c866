import { describe, expect, it } from "vitest";
import { oneCheckRunner } from "../../runner/testing/one-check.js";
import check from "./config-replies-schema-valid.js";

const run = oneCheckRunner(check);

const verdicts = async (...args: Parameters<typeof run>) =>
  ((await run(...args)).findings ?? [])
    .filter((f) => f.id === check.id)
    .map((f) => `${f.transport ?? "agent"} ${f.status}: ${f.message ?? ""}`);

describe("push.config-replies-schema-valid", () => {
  it.each(["0.3", "1.0"] as const)("passes the reference agent %s over JSON-RPC", async (protocol) => {
    expect((await verdicts(protocol)).find((v) => v.startsWith("JSONRPC"))).toMatch(
      /^JSONRPC pass: the replies of SetPushConfig, GetPushConfig, ListPushConfigs match/,
    );
  });

  it("fails 0.3 config replies without their taskId, once per reply", async () => {
    expect(
      (await verdicts("0.3", "push-config-reply-without-task-id")).find((v) => v.startsWith("JSONRPC")),
    ).toBe(
      "JSONRPC fail: 2 schema problem(s): SetPushConfig: taskId is required by the A2A 0.3.0 JSON schema; GetPushConfig: taskId is required by the A2A 0.3.0 JSON schema",
    );
  });
});
