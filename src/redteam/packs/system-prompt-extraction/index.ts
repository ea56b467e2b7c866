import type { Pack } from "../../types.js";
import adaptive from "./adaptive.js";
import directAsk from "./direct-ask.js";
import encodeBase64 from "./encode-base64.js";
import repeatAbove from "./repeat-above.js";
import translate from "./translate.js";

export const systemPromptExtraction: Pack = {
  id: "system-prompt-extraction",
  title: "System prompt extraction",
  attacks: [directAsk, repeatAbove, translate, encodeBase64, adaptive],
};
