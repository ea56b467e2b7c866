import type { Pack } from "../../types.js";
import adaptive from "./adaptive.js";
import encoded from "./encoded.js";
import hypothetical from "./hypothetical.js";
import rolePlay from "./role-play.js";
import twinEncoded from "./twin-encoded.js";
import twinHypothetical from "./twin-hypothetical.js";
import twinKillProcess from "./twin-kill-process.js";
import twinRolePlay from "./twin-role-play.js";

export const jailbreak: Pack = {
  id: "jailbreak",
  title: "Jailbreak",
  attacks: [
    rolePlay,
    hypothetical,
    encoded,
    twinRolePlay,
    twinHypothetical,
    twinEncoded,
    twinKillProcess,
    adaptive,
  ],
};
