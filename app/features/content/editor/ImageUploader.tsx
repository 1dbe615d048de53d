import { useState, type MouseEvent } from "react";
import { useUpload } from "~/lib/upload";
import { cn } from "~/components/ui/cn";
import { ErrorList } from "~/components/ui/Field";
import type { LibraryImage } from "~/components/ui/LibraryPicker";
import { useHydrated } from "~/lib/forms";
import { smallButton } from "./controls";
import { useEditor } from "./editor-context";
import { EDITOR_MESSAGES as M } from "./editor.messages";
import { sectionName } from "./form-values";
import { UPLOAD_INTENT_PREFIX } from "./intents";

/**
 * Uploads a new image for a section. Without JavaScript, Upload sends the
 * whole form (multipart) and the server stores the file and chooses it. With
 * JavaScript, the file goes alone to `uploadUrl` with a progress bar, and the
 * answer is chosen at once.
 */
export function ImageUploader({
  index,
  id,
  onUploaded,
}: {
  index: number;
  id: string;
  /** Called with the stored image (besides the editor's own `onUploaded`). */
  onUploaded: (image: LibraryImage) => void;
}) {
  const { errors, uploadUrl, onUploaded: announce } = useEditor();
  const hydrated = useHydrated();
  const { progress, send } = useUpload();
  const [error, setError] = useState<string | null>(null);
  const name = sectionName(index, "file");
  const fileId = `${id}-file`;
  const shown = error ? [error] : errors(name);
  const upload = (event: MouseEvent<HTMLButtonElement>) => {
    const form = event.currentTarget.form;
    if (!hydrated || !uploadUrl || !form) return;
    event.preventDefault();
    const input = form.elements.namedItem(name);
    const file = input instanceof HTMLInputElement ? input.files?.[0] : undefined;
    if (!file || file.size === 0) return setError(M.chooseFile);
    const body = new FormData();
    body.append("file", file);
    body.append("alt", String(new FormData(form).get(sectionName(index, "alt")) ?? ""));
    setError(null);
    void send(uploadUrl, body).then((reply) => {
      const answer = (reply?.json ?? {}) as Partial<LibraryImage> & { error?: string };
      if (reply?.status === 200 && answer.src) {
        if (input instanceof HTMLInputElement) input.value = "";
        announce(answer as LibraryImage);
        onUploaded(answer as LibraryImage);
      } else setError(answer.error ?? M.uploadFailed);
    });
  };
  return (
    <div className="rounded-lg border border-dashed border-slate-300 p-3">
      <label htmlFor={fileId} className="mb-1.5 block text-sm font-medium text-ink">
        Or upload a new image
      </label>
      <div className="flex flex-wrap items-center gap-2">
        <input
          id={fileId}
          type="file"
          name={name}
          accept="image/jpeg,image/png,image/webp,image/avif,image/gif"
          aria-invalid={shown?.length ? true : undefined}
          aria-describedby={`${fileId}-hint${shown?.length ? ` ${fileId}-error` : ""}`}
          className="min-w-0 flex-1 text-sm file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-1.5 file:text-sm file:font-medium"
        />
        <button
          type="submit"
          name="intent"
          value={`${UPLOAD_INTENT_PREFIX}${index}`}
          formNoValidate
          onClick={upload}
          disabled={progress !== null}
          className={cn(smallButton, "border border-slate-300 bg-white")}
        >
          {progress !== null ? "Uploading…" : "Upload"}
        </button>
      </div>
      {progress !== null ? (
        <progress max={100} value={progress} aria-label="Upload progress" className="mt-2 h-2 w-full accent-brand-600">
          {`${progress}%`}
        </progress>
      ) : null}
      <p id={`${fileId}-hint`} className="mt-1.5 text-sm text-slate-600">
        {M.uploadHint}
      </p>
      <ErrorList id={`${fileId}-error`} errors={shown} />
    </div>
  );
}
