import type { Pack } from "../../types.js";
import adaptive from "./adaptive.js";
import composite from "./composite.js";
import crescendo from "./crescendo.js";
import encoded from "./encoded.js";
import hypothetical from "./hypothetical.js";
import obfuscated from "./obfuscated.js";
import rolePlay from "./role-play.js";
import twinComposite from "./twin-composite.js";
import twinCrescendo from "./twin-crescendo.js";
import twinEncoded from "./twin-encoded.js";
import twinHypothetical from "./twin-hypothetical.js";
import twinKillProcess from "./twin-kill-process.js";
import twinObfuscated from "./twin-obfuscated.js";
import twinRolePlay from "./twin-role-play.js";

export const jailbreak: Pack = {
  id: "jailbreak",
  title: "Jailbreak",
  attacks: [
    rolePlay,
    hypothetical,
    encoded,
    crescendo,
    obfuscated,
    composite,
    twinRolePlay,
    twinHypothetical,
    twinEncoded,
    twinKillProcess,
    twinCrescendo,
    twinObfuscated,
    twinComposite,
    adaptive,
  ],
};
