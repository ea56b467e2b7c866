import { describe, expect, it } from "vitest";
import { listFlaws, startReferenceAgent } from "./index.js";
import { CARD_CHECKS } from "./testing/card-checks.js";
import { AUTH_CHECKS } from "./testing/auth-checks.js";
import { SCOPE_CHECKS } from "./testing/scope-checks.js";
import { ERROR_CHECKS } from "./testing/errors-checks.js";
import { LIFECYCLE_CHECKS } from "./testing/lifecycle-checks.js";
import { MULTI_TURN_CHECKS } from "./testing/multi-turn-checks.js";
import { ERROR_PATH_CHECKS } from "./testing/error-path-checks.js";
import { PUSH_CHECKS } from "./testing/push-checks.js";
import { STREAMING_CHECKS } from "./testing/streaming-checks.js";
import { TRANSPORT_CHECKS } from "./testing/transport-checks.js";
import { GRPC_CHECKS } from "./testing/grpc-checks.js";
import { DIALECTS } from "./testing/dialects.js";
import { DISCOVERY_CHECKS } from "./testing/discovery-checks.js";
import type { FlawCheck } from "./testing/flaw-probe.js";
import { SMOKE_CHECKS } from "./testing/smoke-checks.js";

const CHECKS: Record<string, FlawCheck> = {
  ...CARD_CHECKS,
  ...DISCOVERY_CHECKS,
  ...SMOKE_CHECKS,
  ...LIFECYCLE_CHECKS,
  ...MULTI_TURN_CHECKS,
  ...ERROR_PATH_CHECKS,
  ...STREAMING_CHECKS,
  ...ERROR_CHECKS,
  ...AUTH_CHECKS,
  ...SCOPE_CHECKS,
  ...PUSH_CHECKS,
  ...TRANSPORT_CHECKS,
  ...GRPC_CHECKS,
};

/** The loopback flaw is only meaningful when the tester reached the agent on another address. */
const HOSTS: Record<string, string> = { "card-loopback-url": "127.0.0.2" };

const cases = listFlaws().flatMap((flaw) => flaw.protocols.map((protocol) => ({ ...flaw, protocol })));

describe("the flaw registry", () => {
  it("has unique names, one-line texts and a check for every flaw", () => {
    const flaws = listFlaws();
    expect(new Set(flaws.map((f) => f.name)).size).toBe(flaws.length);
    for (const flaw of flaws) {
      expect(flaw.description).not.toMatch(/\n/);
      expect(flaw.expect).not.toMatch(/\n/);
      expect(flaw.protocols.length).toBeGreaterThan(0);
      expect(CHECKS, `no check for ${flaw.name}`).toHaveProperty(flaw.name);
    }
  });

  it("refuses an unknown flaw and a flaw for the wrong protocol with a clear error", async () => {
    await expect(startReferenceAgent({ flaw: "no-such-flaw" })).rejects.toThrow(
      /Unknown flaw "no-such-flaw"/,
    );
    await expect(startReferenceAgent({ protocol: "1.0", flaw: "card-bad-url" })).rejects.toThrow(
      /does not apply to protocol 1.0/,
    );
  });
});

describe.each(cases)("flaw $name on protocol $protocol", ({ name, protocol }) => {
  it("starts and visibly does what it says", async () => {
    const agent = await startReferenceAgent({ protocol, flaw: name, host: HOSTS[name], slowCardMs: 300 });
    try {
      expect(agent.flaw).toBe(name);
      const check = CHECKS[name];
      if (!check) throw new Error(`no check for ${name}`);
      await check({ agent, dialect: DIALECTS[protocol] });
    } finally {
      await agent.close();
    }
  });
});

describe.each(["0.3", "1.0"] as const)(
  "each flaw check against the flawless agent, protocol %s",
  (protocol) => {
    const names = listFlaws()
      .filter((flaw) => flaw.protocols.includes(protocol))
      .map((flaw) => flaw.name);

    it.each(names)("%s fails, so the check really detects its flaw", async (name) => {
      const agent = await startReferenceAgent({ protocol, host: HOSTS[name] });
      try {
        const check = CHECKS[name];
        if (!check) throw new Error(`no check for ${name}`);
        // The flaw's own expectation must be what fails, not a network error or a bug in the check.
        const failure = await check({ agent, dialect: DIALECTS[protocol] }).then(
          () => undefined,
          (error: unknown) => error,
        );
        expect(failure, "the check passed on the flawless agent").toBeInstanceOf(Error);
        expect((failure as Error).name, (failure as Error).message).toBe("AssertionError");
      } finally {
        await agent.close();
      }
    });
  },
);
