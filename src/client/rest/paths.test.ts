import { describe, expect, it } from "vitest";
import { RestRoutes } from "./paths.js";

describe("RestRoutes builds the HTTP+JSON URLs of A2A 1.0 §11", () => {
  const v03 = new RestRoutes({ url: "http://h/a2a/rest/", binding: "HTTP+JSON", generation: "0.3" });
  const v10 = new RestRoutes({ url: "http://h/a2a/rest", binding: "HTTP+JSON", generation: "1.0" });

  it("puts 0.3 routes under /v1 and names the 0.3 extended card route /v1/card", () => {
    expect(v03.sendMessage()).toBe("http://h/a2a/rest/v1/message:send");
    expect(v03.task("a", { historyLength: 0 })).toBe("http://h/a2a/rest/v1/tasks/a?historyLength=0");
    expect(v03.extendedCard()).toBe("http://h/a2a/rest/v1/card");
  });

  it("drops /v1 in 1.0 and names the card route /extendedAgentCard", () => {
    expect(v10.streamMessage()).toBe("http://h/a2a/rest/message:stream");
    expect(v10.subscribe("a b")).toBe("http://h/a2a/rest/tasks/a%20b:subscribe");
    expect(v10.pushConfig("t", "c")).toBe("http://h/a2a/rest/tasks/t/pushNotificationConfigs/c");
    expect(v10.extendedCard()).toBe("http://h/a2a/rest/extendedAgentCard");
  });

  it("keeps a query the interface URL carries and leaves out unset parameters", () => {
    const routes = new RestRoutes(
      { url: "http://h/r?x=1", binding: "HTTP+JSON", generation: "1.0" },
      { k: "v" },
    );
    expect(routes.tasks({ pageSize: 5, pageToken: undefined })).toBe("http://h/r/tasks?x=1&pageSize=5&k=v");
  });

  it("leaves a malformed interface URL for the outbound policy to refuse", () => {
    const routes = new RestRoutes({ url: "not a url", binding: "HTTP+JSON", generation: "1.0" });
    expect(routes.tasks()).toBe("not a url/tasks");
  });
});
