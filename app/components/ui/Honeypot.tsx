import { useId } from "react";
import { HONEYPOT_FIELD } from "~/lib/honeypot";
import { JS_FIELD, REDIRECT_FIELD, useHydrated } from "~/lib/forms";
import { FormGuardFields } from "./FormGuard";
import { VisitSourceFields } from "./VisitSourceFields";

/** Off-screen trap field for bots; see lib/honeypot.ts. */
export function Honeypot() {
  const id = useId();
  return (
    <div className="hp-field" aria-hidden="true">
      <label htmlFor={id}>Leave this field empty</label>
      <input id={id} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" />
    </div>
  );
}

/**
 * The hidden fields every public form sends: the honeypot, `_js` once React
 * has hydrated (the action then answers with data), where a no-JavaScript
 * success goes back to, the bot check (time stamp, Turnstile), and where the
 * visit came from (ADR 0022).
 */
export function PublicFormFields({ redirectTo }: { redirectTo: string }) {
  const hydrated = useHydrated();
  return (
    <>
      <Honeypot />
      {hydrated ? <input type="hidden" name={JS_FIELD} value="1" /> : null}
      <input type="hidden" name={REDIRECT_FIELD} value={redirectTo} />
      <FormGuardFields />
      <VisitSourceFields />
    </>
  );
}
