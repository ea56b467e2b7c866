import { describe, expect, it } from "vitest";
import { oneCheckRunner } from "../../runner/testing/one-check.js";
import check from "./task-replies-schema-valid.js";

const run = oneCheckRunner(check);

const verdicts = async (...args: Parameters<typeof run>) =>
  ((await run(...args)).findings ?? [])
    .filter((f) => f.id === check.id)
    .map((f) => `${f.transport ?? "agent"} ${f.status}: ${f.message ?? ""}`);

describe("lifecycle.task-replies-schema-valid", () => {
  it.each(["0.3", "1.0"] as const)(
    "passes the reference agent %s over its JSON bindings",
    async (protocol) => {
      const found = await verdicts(protocol);
      expect(found.filter((v) => v.startsWith("JSONRPC"))).toEqual([
        expect.stringMatching(/^JSONRPC pass: the replies of GetTask, (ListTasks, )?CancelTask match/),
      ]);
      expect(found.find((v) => v.startsWith("HTTP+JSON"))).toMatch(
        protocol === "1.0" ? / pass: / : / skip: /,
      );
    },
  );

  it.each(["0.3", "1.0"] as const)(
    "fails a %s cancel reply whose messages lack their messageId",
    async (protocol) => {
      const found = await verdicts(protocol, "cancel-reply-message-without-id");
      expect(found.find((v) => v.startsWith("JSONRPC"))).toMatch(
        /^JSONRPC fail: .*CancelTask: history\[0\]\.messageId is required by the A2A (0\.3\.0 JSON schema|1\.0\.1 proto)/,
      );
    },
  );

  it("leaves a defect of the send reply to the check that owns it", async () => {
    const found = await verdicts("0.3", "send-task-missing-kind");
    expect(found.find((v) => v.startsWith("JSONRPC"))).toMatch(/^JSONRPC pass: /);
  });
});
