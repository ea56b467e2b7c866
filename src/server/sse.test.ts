import http from "node:http";
import { connect, type AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { openSse, type SseStream } from "./sse.js";

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map(
      (s) =>
        new Promise<void>((resolve) => {
          s.closeAllConnections();
          s.close(() => resolve());
        }),
    ),
  );
});

/** A server whose one route is an event stream with a small buffer limit; resolves with the stream once open. */
async function streamTo(reader: (port: number) => void, limit: number): Promise<SseStream> {
  let opened: (sse: SseStream) => void = () => undefined;
  const open = new Promise<SseStream>((resolve) => (opened = resolve));
  const server = http.createServer((_req, res) => opened(openSse(res, limit)));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  reader((server.address() as AddressInfo).port);
  return open;
}

describe("an event stream to a browser", () => {
  it("drops a client that stops reading once its buffer is full, and says so to the stream's owner", async () => {
    const sse = await streamTo((port) => {
      const socket = connect(port, "127.0.0.1", () => {
        socket.write("GET / HTTP/1.1\r\nHost: x\r\n\r\n");
        // Reads the response head, then nothing more.
        socket.once("data", () => socket.pause());
      });
    }, 64 * 1024);
    let told = false;
    sse.onClose(() => (told = true));
    const event = { text: "x".repeat(1024) };
    // Bounded: far more than any socket buffers hold; the stream must be dropped well before.
    for (let i = 0; i < 200_000 && !sse.closed; i++) {
      sse.send("update", event);
      if (i % 64 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    expect(sse.closed).toBe(true);
    expect(told).toBe(true);
  });

  it("keeps a client that reads, however much it is sent", async () => {
    const token = "event: update";
    let events = 0;
    let tail = "";
    let caughtUp: () => void = () => undefined;
    let awaited = 0;
    const sse = await streamTo((port) => {
      const socket = connect(port, "127.0.0.1", () => socket.write("GET / HTTP/1.1\r\nHost: x\r\n\r\n"));
      socket.on("data", (chunk: Buffer) => {
        // Shorter than the token, the kept tail can finish a token split across chunks but not hold one.
        const text = tail + chunk.toString("latin1");
        events += text.split(token).length - 1;
        tail = text.slice(-(token.length - 1));
        if (events >= awaited) caughtUp();
      });
    }, 64 * 1024);
    const event = { text: "x".repeat(1024) };
    // 8 MiB in batches of 48 KiB, each read before the next: a reader is never dropped, however much comes.
    for (let batch = 0; batch < 170; batch++) {
      for (let i = 0; i < 48; i++) sse.send("update", event);
      awaited += 48;
      await new Promise<void>((resolve) => {
        caughtUp = resolve;
        if (events >= awaited) resolve();
      });
    }
    expect(sse.closed).toBe(false);
    sse.close();
  });
  it("keeps a slow client through one event larger than the limit (a finished run's result) and the next", async () => {
    const sse = await streamTo((port) => {
      const socket = connect(port, "127.0.0.1", () => {
        socket.write("GET / HTTP/1.1\r\nHost: x\r\n\r\n");
        socket.once("data", () => socket.pause());
      });
    }, 64 * 1024);
    sse.send("run-finished", { result: "r".repeat(8 * 1024 * 1024) });
    sse.send("done", { status: "passed" });
    expect(sse.closed).toBe(false);
    sse.close();
  });
});
