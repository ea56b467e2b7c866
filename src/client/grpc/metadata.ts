import { Metadata } from "@grpc/grpc-js";

// HTTP/2 forbids connection headers, and gRPC owns content-type, te and its grpc-* keys; sending them
// as metadata would break the call rather than test the agent.
const RESERVED = new Set([
  "connection",
  "content-type",
  "host",
  "keep-alive",
  "te",
  "transfer-encoding",
  "upgrade",
]);
const LEGAL_KEY = /^[0-9a-z_.-]+$/;

/** The request metadata (lower-case keys) and the same as recorded headers; illegal keys are listed. */
export function requestMetadata(headers: Record<string, string>): {
  metadata: Metadata;
  recorded: Record<string, string>;
  dropped: string[];
} {
  const metadata = new Metadata();
  const recorded: Record<string, string> = {};
  const dropped: string[] = [];
  for (const [name, value] of Object.entries(headers)) {
    const key = name.toLowerCase();
    if (RESERVED.has(key) || key.startsWith("grpc-") || !LEGAL_KEY.test(key)) {
      dropped.push(name);
      continue;
    }
    metadata.set(key, key.endsWith("-bin") ? Buffer.from(value) : value);
    recorded[key] = value;
  }
  return { metadata, recorded, dropped };
}

/** Metadata as recorded headers: repeated keys joined with ", ", binary values in base64. */
export function headersOf(...sources: (Metadata | undefined)[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const source of sources) {
    for (const [key, values] of Object.entries(source?.toJSON() ?? {})) {
      const text = values.map((v) => (Buffer.isBuffer(v) ? v.toString("base64") : String(v))).join(", ");
      out[key] = out[key] === undefined ? text : `${out[key]}, ${text}`;
    }
  }
  return out;
}
