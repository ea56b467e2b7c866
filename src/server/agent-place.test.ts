import { describe, expect, it } from "vitest";
import { agentPlaceOf } from "./run-executor.js";

const place = (agent_url: unknown) => agentPlaceOf(JSON.stringify({ config: { agent_url } }));

describe("the agent place the per-host slot limit counts", () => {
  it("is one address and port however the host is spelled", async () => {
    const spellings = [
      "http://127.0.0.1:8080",
      "http://localhost:8080/a2a",
      "http://LOCALHOST.:8080",
      "http://127.1:8080",
      "http://[::ffff:127.0.0.1]:8080",
      "http://2130706433:8080/",
    ];
    const places = await Promise.all(spellings.map(place));
    expect(new Set(places)).toEqual(new Set(["127.0.0.1:8080"]));
  });

  it("writes the scheme's default port, keeps IPv6 in brackets, and is empty for a secret or no URL", async () => {
    expect(await place("http://127.0.0.1")).toBe(await place("http://127.0.0.1:80"));
    expect(await place("https://127.0.0.1/x")).toBe("127.0.0.1:443");
    expect(await place("http://[::1]:9000")).toBe("[::1]:9000");
    expect(await place("{{secrets.AGENT_URL}}")).toBe("");
    expect(await place(undefined)).toBe("");
  });
});
