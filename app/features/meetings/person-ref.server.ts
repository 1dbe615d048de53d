/**
 * The person's reference handed to the scheduler's embed (Cal.com `metadata[ref]`, Calendly `utm_content`), so a
 * booking links back to the person even when the invitee types another address: `<person id>.<MAC>`, the MAC a
 * truncated HMAC under the `scheduler-ref` purpose, so a reference cannot be made up to land a booking on someone else.
 */
import { constantTimeEqualText } from "~/lib/crypto.server";
import { macsFor, signFor } from "~/lib/keys.server";

const MAC_CHARS = 22;

export async function personRef(env: Env, personId: string): Promise<string> {
  return `${personId}.${(await signFor(env, "scheduler-ref", personId)).slice(0, MAC_CHARS)}`;
}

/** The person id a reference names, or null when it is missing or its MAC does not match. */
export async function readPersonRef(env: Env, ref: string | null): Promise<string | null> {
  const at = ref?.lastIndexOf(".") ?? -1;
  if (!ref || at < 1) return null;
  const id = ref.slice(0, at);
  const mac = ref.slice(at + 1);
  const macs = await macsFor(env, "scheduler-ref", id);
  let match = false;
  for (const m of macs) match = constantTimeEqualText(m.slice(0, MAC_CHARS), mac) || match;
  return match ? id : null;
}
