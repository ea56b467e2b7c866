import { VERSION } from "../net/version.js";

/** Plainwright's own version, from package.json (read once, by the net layer that also sends it as User-Agent). */
export const toolVersion: string = VERSION;
