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

export type JsonObject = Record<string, unknown>;

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
}

/** The RPCs of one protocol generation's gRPC service; an absent operation is unsupported. */
export type ServiceCodecs = Partial<Record<GrpcOperation, RpcCodec>>;
