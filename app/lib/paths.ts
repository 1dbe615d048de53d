/** Addresses that code (actions, redirects, forms) depends on; plain links may spell them out. */
export const PLAYBOOK_LANDING_PATH = "/Shopify-App-Launch-and-Scaling-Playbook";
export const FINAL_GUIDE_PATH = "/playbook/Shopify-App-Launch-and-Scaling-Playbook/final-guide";
export const PLAYBOOKS_PATH = "/playbooks";
export const PREMIUM_PATH = "/playbooks/premium";
export const CHECKLIST_PATH = "/shopify-app-marketing-checklist";
export const PRIVACY_PATH = "/admin/privacy";
export const PRIVACY_EXPORT_PATH = "/admin/privacy/export";
/** The Leads tab and a person's page there (alert events and the digest link to it). */
export const LEADS_PATH = "/admin/dashboard/leads";
export const personPath = (id: string) => `${LEADS_PATH}/${id}`;
