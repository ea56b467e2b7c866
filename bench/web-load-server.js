// The server under load for web-bench.js, in its own process so its memory is measured alone.
// Sends {url} once listening; answers "rss" with its resident set size in bytes.
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(fileURLToPath(new URL(".", import.meta.url)), "..");
const { startServer } = await import(join(root, "dist/server/server.js"));
const { serverPolicy } = await import(join(root, "dist/net/outbound-policy.js"));

const server = await startServer({
  db: process.argv[2],
  port: 0,
  // The bench's agents listen on loopback, as `serve --allow-private` allows.
  policy: { ...serverPolicy, allowLoopback: true, allowPrivate: true },
  webRoot: join(root, "dist/web"),
});
process.on("message", (message) => {
  if (message === "rss") {
    globalThis.gc?.();
    process.send({ rss: process.memoryUsage().rss });
  }
  if (message === "close") void server.close().then(() => process.exit(0));
});
process.send({ url: server.url });
