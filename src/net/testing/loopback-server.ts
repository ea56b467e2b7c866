import http from "node:http";
import type { AddressInfo } from "node:net";

/** A real HTTP server on 127.0.0.1 for tests, counting the connections it accepts. */
export interface LoopbackServer {
  url: string;
  port: number;
  server: http.Server;
  connections(): number;
  close(): Promise<void>;
}

/** Starts `handler` on 127.0.0.1 on a free port. */
export async function serve(handler: http.RequestListener): Promise<LoopbackServer> {
  const server = http.createServer(handler);
  let connections = 0;
  server.on("connection", () => connections++);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    server,
    connections: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A port nothing listens on: bound once, then released. */
export async function closedPort(): Promise<number> {
  const probe = await serve((_req, res) => res.end());
  await probe.close();
  return probe.port;
}
