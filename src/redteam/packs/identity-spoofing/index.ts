import type { Pack } from "../../types.js";
import metadataAdmin from "./metadata-admin.js";
import supportOverride from "./support-override.js";
import textAdmin from "./text-admin.js";

export const identitySpoofing: Pack = {
  id: "identity-spoofing",
  title: "Identity spoofing",
  attacks: [metadataAdmin, textAdmin, supportOverride],
};
