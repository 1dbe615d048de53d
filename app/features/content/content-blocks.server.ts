/** Named content blocks that admins edit (e.g. `home-announcement`). */
import { eq } from "drizzle-orm";
import { contentBlocks } from "~/db/schema";
import { getDb } from "~/lib/db.server";
import { parseJsonOrText } from "~/lib/json";

/** The text of a block: its content as a string, or its `text` / `message` field. Null when absent or empty. */
export function blockText(content: unknown): string | null {
  const text =
    typeof content === "string"
      ? content
      : content && typeof content === "object"
        ? ((content as { text?: unknown; message?: unknown }).text ?? (content as { message?: unknown }).message)
        : null;
  return typeof text === "string" && text.trim() ? text.trim() : null;
}

export async function getContentBlockText(env: Env, name: string): Promise<string | null> {
  const row = await getDb(env).select({ content: contentBlocks.content }).from(contentBlocks).where(eq(contentBlocks.name, name)).get();
  return row ? blockText(parseJsonOrText(row.content)) : null;
}
