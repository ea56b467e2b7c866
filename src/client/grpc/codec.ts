import type { JsonObject } from "../../model/json.js";
/** The operations a gRPC A2A service may offer, named as the A2AClient calls them. */
export type GrpcOperation =
  | "send"
  | "stream"
  | "get"
  | "list"
  | "cancel"
  | "subscribe"
  | "pushSet"
  | "pushGet"
  | "pushList"
  | "pushDelete"
  | "card";

/** One RPC: its path, and how its messages go to and from the wire. */
export interface RpcCodec {
  /** e.g. `/lf.a2a.v1.A2AService/SendMessage`. */
  path: string;
  streaming: boolean;
  /**
   * The request from its ProtoJSON form: the bytes sent and the JSON recorded, which is the encoded
   * message read back, so the traffic log shows what went on the wire.
   */
  encode(request: JsonObject): { bytes: Buffer; json: unknown };
  /** A response message as ProtoJSON; throws when the bytes are not the expected message. */
  decode(bytes: Buffer): unknown;
  /** A request as it came off the wire, in the form `encode` records: what a replay matches on. */
  readRequest(bytes: Buffer): unknown;
  /**
   * A response message with each of its strings passed through `change` (a replay's ids, a recording's
   * redaction), encoded again as the same message type; throws when the bytes are not that message.
   */
  rewriteResponse(bytes: Buffer, change: (text: string) => string): Buffer;
}

/**
 * A decoded message (ts-proto's shape) with every string changed; bytes, numbers and other values kept.
 * Only plain objects and arrays are walked: a Buffer or a Long is a value, not a message.
 */
export function changeStrings(value: unknown, change: (text: string) => string): unknown {
  if (typeof value === "string") return change(value);
  if (Array.isArray(value)) return value.map((v) => changeStrings(v, change));
  if (value === null || typeof value !== "object") return value;
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, changeStrings(v, change)]),
  );
}

/** The RPCs of one protocol generation's gRPC service; an absent operation is unsupported. */
export type ServiceCodecs = Partial<Record<GrpcOperation, RpcCodec>>;
