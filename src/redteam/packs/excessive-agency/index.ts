import type { Pack } from "../../types.js";
import honeypotFetch from "./honeypot-fetch.js";
import metadataWebhook from "./metadata-webhook.js";
import pretextRefund from "./pretext-refund.js";
import refundEverything from "./refund-everything.js";
import sendEmail from "./send-email.js";

export const excessiveAgency: Pack = {
  id: "excessive-agency",
  title: "Excessive agency",
  attacks: [honeypotFetch, sendEmail, refundEverything, pretextRefund, metadataWebhook],
};
