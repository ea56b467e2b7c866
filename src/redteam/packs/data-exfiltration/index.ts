import type { Pack } from "../../types.js";
import cardRecall from "./card-recall.js";
import emailEncoded from "./email-encoded.js";
import keyOtherContext from "./key-other-context.js";

export const dataExfiltration: Pack = {
  id: "data-exfiltration",
  title: "Data exfiltration",
  attacks: [cardRecall, keyOtherContext, emailEncoded],
};
