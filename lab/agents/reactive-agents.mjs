// @reactive-agents/a2a 0.9.0: an Effect-based A2A server of its own (no SDK): createA2AHttpServer
// with an executor, in front of createA2AServer holding the card generateAgentCard makes. The package
// serves through Bun.serve; this script gives it a minimal Bun.serve on node:http (fetch-style
// Request in, Response out) and changes nothing of the package's own routing or answers.
import http from "node:http";
import { Readable } from "node:stream";
import { Effect, Layer } from "effect";
import { A2AHttpServer, createA2AHttpServer, createA2AServer, generateAgentCard } from "@reactive-agents/a2a";
import { askModel, HOST, PORT, ready } from "./common.mjs";

globalThis.Bun = {
  serve({ port, fetch }) {
    const server = http.createServer(async (req, res) => {
      const hasBody = req.method !== "GET" && req.method !== "HEAD";
      const request = new Request(`http://${req.headers.host}${req.url}`, {
        method: req.method,
        headers: req.headers,
        body: hasBody ? Readable.toWeb(req) : undefined,
        duplex: "half",
      });
      try {
        const response = await fetch(request);
        res.writeHead(response.status, Object.fromEntries(response.headers));
        if (response.body) for await (const chunk of response.body) res.write(chunk);
        res.end();
      } catch (err) {
        res.writeHead(500).end(String(err));
      }
    });
    server.listen(port, HOST, () => ready(`http://${HOST}:${port}`));
    return { stop: () => server.close() };
  },
};

const card = generateAgentCard({
  name: "Echo agent",
  description: "Echoes the user message through a scripted model",
  url: `http://${HOST}:${PORT}/`,
  skills: [
    { id: "echo", name: "Echo", description: "Echoes text", tags: ["echo"], examples: ["hello there"] },
  ],
});
const executor = (text) => Effect.tryPromise(() => askModel(text));
const layer = createA2AHttpServer(PORT, executor).pipe(Layer.provide(createA2AServer(card)));
await Effect.runPromise(
  Effect.gen(function* () {
    const server = yield* A2AHttpServer;
    yield* server.start();
  }).pipe(Effect.provide(layer)),
);
