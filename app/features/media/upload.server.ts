/**
 * The upload the editor's script sends (XHR, for a progress bar): multipart
 * `file` and `alt`, answered as JSON, `MediaItem` (200) or `{ error }` (400,
 * or 413 when the body is over the limit and was not read). The caller has
 * checked the admin (and with it the request's origin).
 */
import { BodyTooLargeError, readFormData } from "~/lib/request.server";
import { MAX_UPLOAD_BODY_BYTES, type MediaItem } from "./media";
import { MEDIA_MESSAGES } from "./media.messages";
import type { Actor } from "~/lib/audit.server";
import { storeImage, toMediaItem } from "./media.server";

export type UploadAnswer = MediaItem | { error: string };

export async function handleMediaUpload(request: Request, env: Env, actor: Actor): Promise<Response> {
  let form: FormData;
  try {
    form = await readFormData(request, MAX_UPLOAD_BODY_BYTES);
  } catch (error) {
    if (error instanceof BodyTooLargeError)
      return Response.json({ error: MEDIA_MESSAGES.bodyTooLarge } satisfies UploadAnswer, { status: 413 });
    throw error;
  }
  const file = form.get("file");
  const alt = form.get("alt");
  if (!(file instanceof File) || (file.size === 0 && file.name === "")) {
    return Response.json({ error: MEDIA_MESSAGES.fileRequired } satisfies UploadAnswer, { status: 400 });
  }
  try {
    const stored = await storeImage(env, file, { alt: typeof alt === "string" ? alt : "", actor });
    if ("error" in stored) return Response.json(stored satisfies UploadAnswer, { status: 400 });
    return Response.json(toMediaItem(stored) satisfies UploadAnswer);
  } catch (error) {
    console.error("Storing an uploaded image failed", error);
    return Response.json({ error: MEDIA_MESSAGES.uploadFailed } satisfies UploadAnswer, { status: 503 });
  }
}
