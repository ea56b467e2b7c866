import { describe, expect, it } from "vitest";
import { NetError } from "./errors.js";
import { checkUrl, classifyAddress, commandLinePolicy, serverPolicy } from "./outbound-policy.js";
import type { OutboundPolicy } from "./outbound-policy.js";

async function ruleOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof NetError) return error.rule;
    throw error;
  }
  return "allowed";
}

describe("classifyAddress", () => {
  it.each([
    ["127.0.0.1", "loopback"],
    ["127.255.0.9", "loopback"],
    ["0.0.0.0", "loopback"],
    ["::1", "loopback"],
    ["::", "loopback"],
    ["[::1]", "loopback"],
    ["10.1.2.3", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.255", "private"],
    ["192.168.1.1", "private"],
    ["100.64.0.1", "private"],
    ["100.127.255.255", "private"],
    ["fc00::1", "private"],
    ["fd12:3456::1", "private"],
    ["169.254.169.254", "metadata"],
    ["169.254.0.1", "metadata"],
    ["fe80::1", "metadata"],
    ["fe80::1%eth0", "metadata"],
    ["febf::1", "metadata"],
    ["fd00:ec2::254", "metadata"],
    ["100.100.100.200", "metadata"],
    ["::ffff:127.0.0.1", "loopback"],
    ["::ffff:7f00:1", "loopback"],
    ["::ffff:169.254.169.254", "metadata"],
    ["::ffff:10.0.0.1", "private"],
    ["::ffff:8.8.8.8", "public"],
    ["64:ff9b::169.254.169.254", "metadata"],
    ["8.8.8.8", "public"],
    ["172.32.0.1", "public"],
    ["100.128.0.1", "public"],
    ["2001:4860:4860::8888", "public"],
    ["fd00:ec2::253", "private"],
  ])("classifies %s as %s", (ip, expected) => {
    expect(classifyAddress(ip)).toBe(expected);
  });
});

describe("checkUrl", () => {
  it("allows loopback on the command line and returns the address to connect to", async () => {
    await expect(checkUrl("http://127.0.0.1:9999/x", commandLinePolicy)).resolves.toEqual({
      address: "127.0.0.1",
      family: 4,
    });
  });

  it("resolves host names and checks the resolved address, not the name", async () => {
    await expect(checkUrl("http://localhost:1/", commandLinePolicy)).resolves.toMatchObject({ family: 4 });
    expect(await ruleOf(checkUrl("http://localhost:1/", serverPolicy))).toBe("policy.loopback");
  });

  it("refuses loopback and private addresses under the server policy", async () => {
    expect(await ruleOf(checkUrl("http://127.0.0.1/", serverPolicy))).toBe("policy.loopback");
    expect(await ruleOf(checkUrl("http://[::1]:8080/", serverPolicy))).toBe("policy.loopback");
    expect(await ruleOf(checkUrl("http://10.0.0.5/", serverPolicy))).toBe("policy.private");
    expect(await ruleOf(checkUrl("http://[::ffff:192.168.0.1]/", serverPolicy))).toBe("policy.private");
  });

  it("refuses metadata addresses under every policy, even when allow-listed", async () => {
    const generous: OutboundPolicy = {
      allowLoopback: true,
      allowPrivate: true,
      allowHosts: ["169.254.169.254"],
    };
    expect(await ruleOf(checkUrl("http://169.254.169.254/latest", generous))).toBe("policy.metadata");
    expect(await ruleOf(checkUrl("http://[fd00:ec2::254]/", generous))).toBe("policy.metadata");
    expect(await ruleOf(checkUrl("http://[::ffff:169.254.169.254]/", generous))).toBe("policy.metadata");
  });

  it("names the URL, the address and the rule in plain words", async () => {
    const error = await checkUrl("http://169.254.169.254/latest", commandLinePolicy).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetError);
    expect((error as NetError).message).toBe(
      "refused http://169.254.169.254/latest: 169.254.169.254 is a link-local/cloud-metadata address, which Plainwright never contacts",
    );
    expect((error as NetError).url).toBe("http://169.254.169.254/latest");
  });

  it("lets allow-listed host names through the server policy, by name or name and port", async () => {
    const byName: OutboundPolicy = { ...serverPolicy, allowHosts: ["LOCALHOST"] };
    const byPort: OutboundPolicy = { ...serverPolicy, allowHosts: ["localhost:8080"] };
    expect(await ruleOf(checkUrl("http://localhost:1234/", byName))).toBe("allowed");
    expect(await ruleOf(checkUrl("http://localhost:8080/", byPort))).toBe("allowed");
    expect(await ruleOf(checkUrl("http://localhost:8081/", byPort))).toBe("policy.loopback");
    expect(await ruleOf(checkUrl("http://127.0.0.1:8080/", byPort))).toBe("policy.loopback");
  });

  it("matches an allow-listed host without a port against the scheme's default port", async () => {
    const policy: OutboundPolicy = { ...serverPolicy, allowHosts: ["localhost:80"] };
    expect(await ruleOf(checkUrl("http://localhost/", policy))).toBe("allowed");
    expect(await ruleOf(checkUrl("https://localhost/", policy))).toBe("policy.loopback");
  });

  it("refuses schemes other than http and https, and strings that are not URLs", async () => {
    expect(await ruleOf(checkUrl("file:///etc/passwd", commandLinePolicy))).toBe("policy.scheme");
    expect(await ruleOf(checkUrl("ftp://127.0.0.1/", commandLinePolicy))).toBe("policy.scheme");
    expect(await ruleOf(checkUrl("not a url", commandLinePolicy))).toBe("policy.scheme");
  });

  it("reports a host name that does not resolve as policy.dns", async () => {
    // A label longer than 63 characters fails inside the resolver without any query being sent.
    const url = `http://${"a".repeat(64)}.invalid/`;
    expect(await ruleOf(checkUrl(url, commandLinePolicy))).toBe("policy.dns");
  });

  it("normalises obfuscated IPv4 forms before checking them", async () => {
    expect(await ruleOf(checkUrl("http://0x7f.1/", serverPolicy))).toBe("policy.loopback");
    expect(await ruleOf(checkUrl("http://2852039166/", serverPolicy))).toBe("policy.metadata");
  });
});

describe("a replay's diversion", () => {
  const replay: OutboundPolicy = {
    ...commandLinePolicy,
    divert: { "agent.example:8080": { address: "127.0.0.1", family: 4, port: 40001 } },
  };

  it("sends a recorded host to the stand-in, on the stand-in's port", async () => {
    await expect(checkUrl("http://agent.example:8080/a2a", replay)).resolves.toEqual({
      address: "127.0.0.1",
      family: 4,
      port: 40001,
    });
  });

  it("refuses every other destination, loopback included, naming the rule", async () => {
    for (const url of ["http://127.0.0.1:8080/", "http://agent.example:8081/", "https://other.example/"]) {
      const refused = await checkUrl(url, replay).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(NetError);
      expect((refused as NetError).rule).toBe("policy.replay");
    }
  });
});
