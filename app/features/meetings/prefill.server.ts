/**
 * What a booking page hands the scheduler's embed for a visitor the site knows (the onboarding visitor cookie's
 * email): their person's name and signed reference, so the booking links back to them (ADR 0024). One indexed read.
 */
import { personRef } from "./person-ref.server";

export interface KnownVisitor {
  name: string | null;
  email: string;
  reference: string | null;
}

export async function knownVisitor(env: Env, email: string | null): Promise<KnownVisitor | null> {
  if (!email) return null;
  const person = await env.DB.prepare("SELECT id, name FROM people WHERE email = lower(trim(?1))")
    .bind(email)
    .first<{ id: string; name: string | null }>()
    .catch(() => null);
  return { name: person?.name ?? null, email, reference: person ? await personRef(env, person.id) : null };
}
