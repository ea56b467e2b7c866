import type { CardSignatureStatus } from "../model/result.js";

/** How a report shows a card's signature status: a tone, a label and the explaining text. */
export interface SignatureLine {
  tone: "good" | "quiet" | "warn" | "bad";
  label: string;
  text: string;
}

/** One wording for every place a result is shown (console, Markdown, HTML, the web app). */
export function signatureLine(signatures: CardSignatureStatus): SignatureLine {
  const { detail } = signatures;
  switch (signatures.status) {
    case "verified":
      return { tone: "good", label: "signed", text: detail };
    case "unsigned":
      return { tone: "quiet", label: "unsigned", text: "signing is optional (A2A 1.0.1 §8.4)" };
    case "invalid":
      return { tone: "bad", label: "signature does not verify", text: detail };
    case "unverifiable":
      return {
        tone: "warn",
        label: "signature not checked",
        text: `${detail}; give the signing key with --card-key FILE`,
      };
    case "malformed":
      return { tone: "warn", label: "signatures unreadable", text: detail };
  }
}
