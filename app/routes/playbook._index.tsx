import { redirect } from "@remix-run/cloudflare";
import { PLAYBOOK_LANDING_PATH } from "~/lib/paths";

/** /playbook is an old address of the landing page: a permanent HTTP redirect (the browser replaces it in history). */
export function loader() {
  return redirect(PLAYBOOK_LANDING_PATH, 301);
}
