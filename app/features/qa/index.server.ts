/** The Q&A feature's public module (server only). */
import { qaAlertEmail } from "./qa.emails";

export { qaServer } from "./qa.resource.server";
export { addViews } from "./qa.server";

/** The feature's email templates, for the registry the composition root hands to delivery. */
export const qaEmails = [qaAlertEmail];
