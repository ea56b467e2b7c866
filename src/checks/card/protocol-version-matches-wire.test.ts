import { describe, expect, it } from "vitest";
import { oneCheckRunner } from "../../runner/testing/one-check.js";
import check from "./protocol-version-matches-wire.js";

const findings = oneCheckRunner(check);

describe("card.protocol-version-matches-wire", () => {
  it.each(["0.3", "1.0"] as const)(
    "passes on every binding of the flawless A2A %s agent",
    async (protocol) => {
      const result = await findings(protocol);
      expect(result.findings?.length).toBeGreaterThan(0);
      expect(result.findings?.map((f) => f.status)).toEqual(result.findings?.map(() => "pass"));
    },
  );

  it("fails, naming both versions, when the card says 0.1 but the agent speaks 0.3; the suite runs in 0.3", async () => {
    const result = await findings("0.3", "card-version-lies-old");
    const jsonrpc = result.findings?.find((f) => f.transport === "JSONRPC");
    expect(jsonrpc).toMatchObject({ status: "fail", level: "SHOULD" });
    expect(jsonrpc?.message).toMatch(
      /the card says A2A 0\.1 \("0\.1\.0"\) but the agent speaks A2A 0\.3 on the wire/,
    );
    expect(result.protocol?.negotiated).toBe("0.3");
    expect(result.card?.warnings).toContainEqual({
      path: "protocolVersion",
      message: "the card says A2A 0.1 but the agent speaks A2A 0.3 on the wire",
    });
  });

  it("tests an agent whose card says 0.2.0 as 0.3 when the wire shows 0.3's own method, and fails naming both", async () => {
    const result = await findings("0.3", "card-version-says-0-2");
    const jsonrpc = result.findings?.find((f) => f.transport === "JSONRPC");
    expect(jsonrpc).toMatchObject({ status: "fail", level: "SHOULD" });
    expect(jsonrpc?.message).toMatch(
      /the card says A2A 0\.2 \("0\.2\.0"\) but the agent speaks A2A 0\.3 on the wire/,
    );
    expect(result.protocol?.negotiated).toBe("0.3");
  });
});
