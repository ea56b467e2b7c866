import { describe, expect, it } from "vitest";
import { isLoopbackHost } from "../net/loopback-host.js";
import { confirmTargetProblem, hostOf } from "./confirm-target.js";

describe("the confirm-target rule", () => {
  it.each([
    "http://127.0.0.1:9999",
    "http://127.5.6.7/a2a",
    "http://localhost:8080",
    "http://api.localhost",
    "http://[::1]:9999/",
    "127.0.0.1:50051",
  ])("lets a load run reach the loopback target %s without confirmation", (target) => {
    expect(confirmTargetProblem(target, undefined, "agent URL")).toBeUndefined();
  });

  it.each([
    "http://agent.example.com",
    "https://10.0.0.5:8443",
    "http://192.168.1.2",
    "http://[2001:db8::1]",
  ])("refuses %s unless its host is confirmed, naming the host and the option", (target) => {
    const host = hostOf(target)!;
    const problem = confirmTargetProblem(target, undefined, "agent URL");
    expect(problem).toContain(`refusing to load ${host}`);
    expect(problem).toContain(`--confirm-target ${host}`);
    expect(confirmTargetProblem(target, host, "agent URL")).toBeUndefined();
  });

  it("accepts the host in any case, or a URL naming it", () => {
    expect(
      confirmTargetProblem("http://Agent.Example.com/a2a", "agent.example.COM", "agent URL"),
    ).toBeUndefined();
    expect(
      confirmTargetProblem("http://agent.example.com/a2a", "https://agent.example.com", "agent URL"),
    ).toBeUndefined();
  });

  it("refuses when the confirmed host is another one, saying which was given", () => {
    const problem = confirmTargetProblem(
      "http://victim.example.org",
      "agent.example.com",
      "endpoint",
      "config.load.confirm_target",
    );
    expect(problem).toContain('config.load.confirm_target names "agent.example.com", not victim.example.org');
    expect(problem).toContain("needs config.load.confirm_target victim.example.org");
  });

  it("judges the host as written: a name is not loopback even if it might resolve there", () => {
    expect(isLoopbackHost("my-laptop")).toBe(false);
    expect(isLoopbackHost("128.0.0.1")).toBe(false);
    expect(isLoopbackHost("::ffff:127.0.0.1")).toBe(true);
  });
});
