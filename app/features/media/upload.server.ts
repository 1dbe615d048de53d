/**
 * The upload the editor's script sends (XHR, for a progress bar): multipart
 * `file` and `alt`, answered as JSON, `MediaItem` (200) or `{ error }` (400,
 * or 413 when the body is over the limit and was not read). The route checks
 * the admin (and with it the request's origin) and reads the body, capped at
 * MAX_UPLOAD_BODY_BYTES; this takes what it read (null: over the cap).
 */
import { type MediaItem } from "./media";
import { MEDIA_MESSAGES } from "./media.messages";
import type { Actor } from "~/lib/audit.server";
import { storeImage, toMediaItem } from "./media.server";

export type UploadAnswer = MediaItem | { error: string };

export async function uploadImage(env: Env, form: FormData | null, actor: Actor): Promise<{ answer: UploadAnswer; status: number }> {
  if (!form) return { answer: { error: MEDIA_MESSAGES.bodyTooLarge }, status: 413 };
  const file = form.get("file");
  const alt = form.get("alt");
  if (!(file instanceof File) || (file.size === 0 && file.name === "")) {
    return { answer: { error: MEDIA_MESSAGES.fileRequired }, status: 400 };
  }
  try {
    const stored = await storeImage(env, file, { alt: typeof alt === "string" ? alt : "", actor });
    if ("error" in stored) return { answer: stored, status: 400 };
    return { answer: toMediaItem(stored), status: 200 };
  } catch (error) {
    console.error("Storing an uploaded image failed", error);
    return { answer: { error: MEDIA_MESSAGES.uploadFailed }, status: 503 };
  }
}
