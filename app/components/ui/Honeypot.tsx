import { useId } from "react";
import { HONEYPOT_FIELD } from "~/lib/honeypot";

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
