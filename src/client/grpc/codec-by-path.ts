import type { RpcCodec } from "./codec.js";
import { codecsV03 } from "./codec-v03.js";
import { codecsV10 } from "./codec-v10.js";

/** Every RPC either generation's client can call, by its path (e.g. `/lf.a2a.v1.A2AService/GetTask`). */
const byPath: ReadonlyMap<string, RpcCodec> = new Map(
  [...Object.values(codecsV03), ...Object.values(codecsV10)].map((codec) => [codec.path, codec]),
);

/** The codec of an RPC path the client calls; undefined for any other path. */
export function codecOfPath(path: string): RpcCodec | undefined {
  return byPath.get(path);
}

/** The codec of every RPC the client calls. */
export function clientRpcCodecs(): readonly RpcCodec[] {
  return [...byPath.values()];
}
