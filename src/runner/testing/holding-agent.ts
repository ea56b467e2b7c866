import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * For tests of stopping a run: an A2A 0.3 agent with a valid card that answers the first `answered`
 * messages (and any other method) with a completed task, then holds every further message without
 * a word. `held(n)` resolves once n messages are held; `released(n)` once the client has given up on n of
 * them (closed the request); `count()` is how many messages came in all.
 */
export async function holdingAgent(answered = 0) {
  let messages = 0;
  let holding = 0;
  let releasedCount = 0;
  const waiters: Array<[number, () => void]> = [];
  const releaseWaiters: Array<[number, () => void]> = [];
  const server = http.createServer((req, res) => {
    const port = (server.address() as AddressInfo).port;
    if (req.method === "GET") {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(
        JSON.stringify({
          name: "Holds",
          description: "Holds the messages it is sent",
          url: `http://127.0.0.1:${port}/a2a`,
          version: "1.0.0",
          protocolVersion: "0.3.0",
          capabilities: {},
          defaultInputModes: ["text/plain"],
          defaultOutputModes: ["text/plain"],
          skills: [{ id: "hold", name: "Hold", description: "Holds", tags: ["hold"] }],
        }),
      );
      return;
    }
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      let rpc: { id?: unknown; method?: unknown } = {};
      try {
        rpc = JSON.parse(body) as typeof rpc;
      } catch {
        // Not JSON: held like a message.
      }
      const isMessage = typeof rpc.method !== "string" || rpc.method.startsWith("message/");
      if (isMessage) messages++;
      if (!isMessage || messages <= answered) {
        const task = { kind: "task", id: "t-1", contextId: "c-1", status: { state: "completed" } };
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify({ jsonrpc: "2.0", id: rpc.id ?? null, result: task }));
        return;
      }
      holding++;
      res.once("close", () => {
        releasedCount++;
        for (const [n, resolve] of releaseWaiters) if (releasedCount >= n) resolve();
      });
      for (const [n, resolve] of waiters) if (holding >= n) resolve();
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    count: () => messages,
    held: (n: number) =>
      new Promise<void>((resolve) => (holding >= n ? resolve() : waiters.push([n, resolve]))),
    released: (n: number) =>
      new Promise<void>((resolve) => (releasedCount >= n ? resolve() : releaseWaiters.push([n, resolve]))),
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
