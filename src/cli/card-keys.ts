import { readFileSync } from "node:fs";
import type { Jwk } from "../card/jws.js";
import { keysFromText } from "../card/key-set.js";
import { usageError } from "../runner/errors.js";

/** `--card-key FILE`, repeatable: the public keys card signatures are checked with (JWK, JWKS or PEM). */
export function readCardKeys(files: readonly string[] = []): Jwk[] {
  return files.flatMap((file) => {
    let text: string;
    try {
      text = readFileSync(file, "utf8");
    } catch (error) {
      throw usageError(
        `--card-key ${file}: cannot read it (${(error as NodeJS.ErrnoException).code ?? "error"})`,
      );
    }
    const read = keysFromText(text, file);
    if (!read.ok) throw usageError(`--card-key ${read.problem}`);
    return read.keys;
  });
}
