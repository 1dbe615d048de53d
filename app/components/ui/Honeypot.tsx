import { HONEYPOT_FIELD } from "~/lib/honeypot";

/** Off-screen trap field for bots; see lib/honeypot.ts. */
export function Honeypot() {
  return (
    <div className="hp-field" aria-hidden="true">
      <label htmlFor={`${HONEYPOT_FIELD}-input`}>Leave this field empty</label>
      <input id={`${HONEYPOT_FIELD}-input`} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" />
    </div>
  );
}
