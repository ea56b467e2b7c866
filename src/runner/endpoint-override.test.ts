import { describe, expect, it } from "vitest";
import { connectionSettings, parseEndpointOverride } from "./endpoint-override.js";

describe("--endpoint URL[@binding]", () => {
  it("is JSON-RPC unless a binding follows the last @", () => {
    expect(parseEndpointOverride("http://127.0.0.1:9/rpc")).toEqual({
      url: "http://127.0.0.1:9/rpc",
      transport: "JSONRPC",
    });
    expect(parseEndpointOverride("http://h/v1@rest")).toEqual({ url: "http://h/v1", transport: "HTTP+JSON" });
    expect(parseEndpointOverride("http://h/x@GRPC")).toEqual({ url: "http://h/x", transport: "GRPC" });
    expect(parseEndpointOverride("127.0.0.1:50051@grpc")).toEqual({
      url: "127.0.0.1:50051",
      transport: "GRPC",
    });
  });

  it("keeps credentials in the URL's user part", () => {
    expect(parseEndpointOverride("http://ann:pw@h/rpc")).toEqual({
      url: "http://ann:pw@h/rpc",
      transport: "JSONRPC",
    });
  });

  it("refuses what is not an http(s) URL, saying what it expects", () => {
    expect(parseEndpointOverride("not a url@rest")).toMatch(
      /is not a URL \(expected URL\[@jsonrpc\|rest\|grpc\]\)/,
    );
    expect(parseEndpointOverride("ftp://h/x")).toMatch(/must be an http\(s\) URL/);
    expect(parseEndpointOverride("127.0.0.1:50051")).toMatch(/is not a URL/);
  });

  it("reads a test's endpoint and transport", () => {
    expect(connectionSettings({ endpoint: "http://h/v1@rest", transport: "grpc" })).toEqual({
      endpointOverride: { url: "http://h/v1", transport: "HTTP+JSON" },
      transport: "GRPC",
    });
    expect(connectionSettings({})).toEqual({});
  });
});
