import type { RpcCodec } from "./codec.js";
import { statusDetails, statusName } from "./status.js";
import type { GrpcFailure } from "./status.js";

/** A stream stops after this many messages (docs/architecture.md, outbound safety). */
export const MAX_STREAM_MESSAGES = 10_000;
/** Cap on one received message, as on any response body (docs/architecture.md, outbound safety). */
export const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;

/** Decodes one message; a message that is not the expected type is a reason, not an exception. */
export function decodeMessage(codec: RpcCodec, bytes: Buffer): { json: unknown } | { invalid: string } {
  try {
    return { json: codec.decode(bytes) };
  } catch (error) {
    return { invalid: `a ${bytes.length}-byte message that is not the expected protobuf: ${String(error)}` };
  }
}

/** What the traffic log shows for a message: its JSON, or the bytes when they could not be read. */
export function recordedBody(decoded: { json: unknown } | { invalid: string }, bytes: Buffer): string {
  return "json" in decoded ? JSON.stringify(decoded.json) : `base64:${bytes.toString("base64")}`;
}

/** The recorded body of a failed call: google.rpc.Status as JSON. */
export function failureBody(failure: GrpcFailure): string {
  const details = statusDetails(failure.metadata);
  return JSON.stringify({
    code: failure.code,
    status: statusName(failure.code),
    message: failure.details,
    ...details,
  });
}
