/**
 * A honeypot field: invisible to people, filled in by naive bots. A filled
 * honeypot is answered exactly like a success, and nothing is stored.
 */
export const HONEYPOT_FIELD = "website_url";

export function isHoneypotFilled(formData: FormData): boolean {
  const value = formData.get(HONEYPOT_FIELD);
  return typeof value === "string" && value.trim() !== "";
}
