/**
 * Whether a user agent is a crawler's (`isbot`: one large pattern). A request that is both counted as a page view and
 * as a question's view asks twice: the isolate remembers its last answer, so the pattern runs once per request.
 */
import { isbot } from "isbot";

let last: { userAgent: string; bot: boolean } | null = null;

export function isBot(userAgent: string): boolean {
  if (last?.userAgent !== userAgent) last = { userAgent, bot: isbot(userAgent) };
  return last.bot;
}
