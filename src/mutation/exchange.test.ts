import { describe, expect, it } from "vitest";
import { readExchange } from "./exchange.js";

const rpc = (method: string) => Buffer.from(JSON.stringify({ jsonrpc: "2.0", id: 1, method, params: {} }));

describe("readExchange names the operation whatever the generation or binding", () => {
  it.each([
    ["message/send", "send", "0.x"],
    ["SendMessage", "send", "1.0"],
    ["message/stream", "stream", "0.x"],
    ["SendStreamingMessage", "stream", "1.0"],
    ["tasks/get", "get", "0.x"],
    ["GetTask", "get", "1.0"],
    ["tasks/cancel", "cancel", "0.x"],
    ["CancelTask", "cancel", "1.0"],
    ["tasks/resubscribe", "subscribe", "0.x"],
    ["SubscribeToTask", "subscribe", "1.0"],
    ["tasks/pushNotificationConfig/set", "push", "0.x"],
  ])("JSON-RPC %s is %s (%s)", (method, verb, generation) => {
    expect(readExchange("POST", "/a2a", rpc(method))).toMatchObject({ binding: "jsonrpc", verb, generation });
  });

  it("an unknown JSON-RPC method is 'unknown' of no generation", () => {
    expect(readExchange("POST", "/", rpc("bogus/method"))).toMatchObject({
      binding: "jsonrpc",
      verb: "unknown",
      generation: undefined,
    });
  });

  it("a body that is not JSON is a JSON-RPC parse-error probe", () => {
    expect(readExchange("POST", "/", Buffer.from("{not json"))).toMatchObject({
      binding: "jsonrpc",
      requestUnparsable: true,
    });
  });

  it.each(["null", "5", "[]"])(
    "JSON that is no object (%s) is a JSON-RPC probe of a client's mistake",
    (body) => {
      expect(readExchange("POST", "/", Buffer.from(body))).toMatchObject({
        binding: "jsonrpc",
        verb: "unknown",
        request: JSON.parse(body) as unknown,
        requestUnparsable: false,
      });
    },
  );

  it.each([
    ["POST", "/v1/message:send", "send", "0.x"],
    ["POST", "/message:send", "send", "1.0"],
    ["POST", "/message:stream", "stream", "1.0"],
    ["GET", "/tasks/abc?historyLength=2", "get", "1.0"],
    ["POST", "/tasks/abc:cancel", "cancel", "1.0"],
    ["GET", "/v1/tasks/abc:subscribe", "subscribe", "0.x"],
  ])("HTTP+JSON %s %s is %s (%s)", (method, path, verb, generation) => {
    const body = method === "POST" ? Buffer.from("{}") : Buffer.alloc(0);
    expect(readExchange(method, path, body)).toMatchObject({ binding: "rest", verb, generation });
  });

  it("the card's well-known paths are the card", () => {
    expect(readExchange("GET", "/.well-known/agent-card.json", Buffer.alloc(0)).verb).toBe("card");
    expect(readExchange("GET", "/.well-known/agent.json", Buffer.alloc(0)).verb).toBe("card");
  });
});

describe("readExchange finds cards under an agent's own folder", () => {
  it("/.well-known/<agent>/agent-card.json is the card", () => {
    expect(readExchange("GET", "/.well-known/echo/agent-card.json", Buffer.alloc(0)).verb).toBe("card");
  });
});
