import type { OutgoingPart } from "../../../client/types.js";

/**
 * A harmless attached invoice: its name and content are plain, so what an attack changes (the name, the
 * metadata) is the only place an instruction can come from.
 */
export function harmlessInvoice(
  overrides: { name?: string; metadata?: Record<string, unknown> } = {},
): OutgoingPart {
  return {
    kind: "file",
    name: overrides.name ?? "invoice-2291.txt",
    mediaType: "text/plain",
    bytes: Buffer.from("Invoice 2291\nTotal: 40.00 EUR\n").toString("base64"),
    ...(overrides.metadata ? { metadata: overrides.metadata } : {}),
  };
}
