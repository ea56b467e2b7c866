import type { NetError } from "../../net/errors.js";
import type { StreamEndReason } from "../../net/http-hop.js";
import type { GrpcFailure } from "./status.js";

/** How a unary call ended; never an exception for anything the server did. */
export type UnaryResult =
  | { kind: "ok"; json: unknown; trafficIds: string[] }
  | { kind: "status"; failure: GrpcFailure; trafficIds: string[] }
  | { kind: "unreachable"; error: NetError; trafficIds: string[] }
  | { kind: "invalid"; reason: string; trafficIds: string[] };

/** One message of a server stream: its ProtoJSON, or why it could not be read. */
export type StreamMessage = { atMs: number } & ({ json: unknown } | { invalid: string });

/** How a server-streaming call ended. */
export interface StreamResult {
  messages: StreamMessage[];
  /** The final non-OK status, when the server ended the stream with one. */
  failure?: GrpcFailure;
  /** Set when the call never got going (policy, connection, no response headers in time). */
  unreachable?: NetError;
  end: { reason: StreamEndReason; message?: string };
  trafficIds: string[];
}
