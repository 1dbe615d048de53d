/**
 * The `content` field kind's server half on the admin resource pattern: the
 * section editor's actions sent without JavaScript (its buttons, and an
 * image uploaded from an image section), and the saved content's image
 * sizes, read from the media library whatever the form said.
 */
import type { SubmissionResult } from "@conform-to/react";
import type { Actor } from "~/lib/audit.server";
import type { FieldKindServer, FormActionData, MediaLibrary } from "~/lib/admin-resource/server-types";
import { EDITOR_MESSAGES } from "./editor.messages";
import { sectionName, sectionsFromPayload } from "./form-values";
import { editorStep, isEditorIntent, UPLOAD_INTENT_PREFIX } from "./intents";
import { CONTENT_MODE } from "./model";

/** The content with each library image's true width and height. */
async function withImageSizes(env: Env, media: MediaLibrary, content: string): Promise<string> {
  let sections: unknown;
  try {
    sections = JSON.parse(content);
  } catch {
    return content;
  }
  if (!Array.isArray(sections)) return content;
  const images = sections.filter((s): s is { type: "image"; src: string } => s?.type === "image" && typeof s.src === "string");
  if (!images.length) return content;
  const sizes = await media.sizes(
    env,
    images.map((s) => s.src),
  );
  return JSON.stringify(
    sections.map((s: unknown) =>
      images.includes(s as never) && sizes.get((s as { src: string }).src)
        ? { ...(s as object), ...sizes.get((s as { src: string }).src) }
        : s,
    ),
  );
}

/** An image uploaded from an image section without JavaScript: stored, then chosen in that section; the form comes back. */
async function uploadAction(
  env: Env,
  media: MediaLibrary,
  formData: FormData,
  payload: Record<string, unknown>,
  index: number,
  actor: Actor,
): Promise<FormActionData> {
  const sections = sectionsFromPayload(payload);
  const { intent: _intent, ...values } = payload;
  const file = formData.get(sectionName(index, "file"));
  const section = sections[index];
  const stored =
    !section || section.type !== "image"
      ? { error: EDITOR_MESSAGES.chooseFile }
      : !(file instanceof File) || file.size === 0
        ? { error: EDITOR_MESSAGES.chooseFile }
        : await media.store(env, file, String(formData.get(sectionName(index, "alt")) ?? ""), actor);
  if (!("error" in stored)) sections[index] = { ...section!, src: stored.src, width: String(stored.width), height: String(stored.height) };
  const initialValue = { ...values, contentMode: CONTENT_MODE.blocks, sections } as SubmissionResult["initialValue"];
  return "error" in stored
    ? { result: { status: "error", initialValue, error: { [sectionName(index, "file")]: [stored.error] } } }
    : { result: { initialValue }, editor: { message: EDITOR_MESSAGES.uploaded } };
}

/** Runs a section editor's action on a submitted form: its values, with the content as the action left it. */
function editorAction(payload: Record<string, unknown>, intent: string): FormActionData {
  const next = editorStep(
    {
      mode: payload.contentMode === CONTENT_MODE.json ? CONTENT_MODE.json : CONTENT_MODE.blocks,
      sections: sectionsFromPayload(payload),
      text: typeof payload.content === "string" ? payload.content : "",
    },
    intent,
  );
  const { intent: _intent, ...values } = payload;
  const initialValue = { ...values, contentMode: next.mode, content: next.text, sections: next.sections };
  return { result: { initialValue: initialValue }, editor: { message: next.message } };
}

export const contentFieldKind: FieldKindServer = {
  async formAction({ env, media, formData, payload, intent, actor }) {
    if (intent.startsWith(UPLOAD_INTENT_PREFIX) && media)
      return uploadAction(env, media, formData, payload, Number(intent.slice(UPLOAD_INTENT_PREFIX.length)), actor);
    return isEditorIntent(intent) ? editorAction(payload, intent) : null;
  },
  async saved(env, value, media) {
    return media && typeof value === "string" && value.includes('"image"') ? withImageSizes(env, media, value) : value;
  },
};
