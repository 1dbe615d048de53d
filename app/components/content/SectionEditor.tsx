/**
 * The section editor of a content field: one fieldset per section with the
 * fields of its type, and buttons to add, move and remove sections, list
 * items and subsections, or to edit the whole as JSON.
 *
 * Every button is a submit button with an `intent` (see editor.ts): without
 * JavaScript the server runs the action and sends the form back with
 * everything typed kept. With JavaScript the same action runs here at once:
 * the current values are read from the form, the action applied, focus moved
 * to what changed and a live region says what happened.
 *
 * Admin-only code: public pages never import it.
 */
import { useEffect, useRef, useState, type MouseEvent, type ReactNode } from "react";
import { cn } from "~/components/ui/cn";
import { ErrorList, Field, Input, inputClasses, Textarea } from "~/components/ui/Field";
import { useHydrated } from "~/lib/forms";
import {
  CONTENT_MODE,
  EDITABLE_TYPES,
  editorStart,
  editorStep,
  intents,
  itemName,
  sectionName,
  sectionsFromEntries,
  sectionsFromPayload,
  subName,
  TYPE_LABELS,
  type ContentMode,
  type EditorFocus,
  type FormSection,
} from "./editor";
import { EDITOR_MESSAGES as M } from "./editor.messages";
import { UPLOAD_INTENT_PREFIX } from "./upload";
import { LibraryPicker, type LibraryImage } from "./LibraryPicker";

export type EditorState = { mode: ContentMode; sections: FormSection[]; text: string; note: string | null };

/** The editor's state from stored content, or from a payload the server sent back (typed values kept). */
export function editorStateOf(stored: string, payload?: Record<string, unknown> | null): EditorState {
  if (payload && (payload.contentMode !== undefined || typeof payload.content === "string")) {
    // A form sent without a mode (a script, an older page) sent its content as text.
    const mode = payload.contentMode === CONTENT_MODE.blocks ? CONTENT_MODE.blocks : CONTENT_MODE.json;
    return {
      mode,
      sections: mode === CONTENT_MODE.blocks ? sectionsFromPayload(payload) : [],
      text: typeof payload.content === "string" ? payload.content : "",
      note: null,
    };
  }
  const start = editorStart(stored);
  return start.mode === "blocks"
    ? { mode: "blocks", sections: start.sections, text: "", note: null }
    : { mode: "json", sections: [], text: start.text, note: start.note };
}

const smallButton =
  "inline-flex h-8 min-w-8 items-center justify-center rounded-md px-2 text-sm font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:opacity-40";

type Errors = (name: string) => string[] | undefined;

/** A submit button carrying an editor action. */
function ActionButton({
  intent,
  label,
  children,
  onAction,
  disabled,
  className,
}: {
  intent: string;
  label: string;
  children: ReactNode;
  onAction: (event: MouseEvent<HTMLButtonElement>) => void;
  disabled?: boolean;
  className?: string;
}) {
  return (
    <button
      type="submit"
      name="intent"
      value={intent}
      formNoValidate
      aria-label={label}
      title={label}
      onClick={onAction}
      disabled={disabled}
      className={className ?? smallButton}
    >
      {children}
    </button>
  );
}

/** The type choice of an add: a menu of submit buttons (a native <details>, so it opens without JavaScript). */
function AddMenu({
  after,
  onAction,
  label,
}: {
  after: number | "end";
  onAction: (e: MouseEvent<HTMLButtonElement>) => void;
  label: string;
}) {
  return (
    <details className="group relative">
      <summary className={cn(smallButton, "cursor-pointer list-none gap-1 [&::-webkit-details-marker]:hidden")}>
        <span aria-hidden="true">+</span>
        {label}
      </summary>
      <div className="absolute right-0 z-20 mt-1 grid w-56 gap-0.5 rounded-lg border border-slate-200 bg-white p-1 shadow-lg">
        {EDITABLE_TYPES.map((type) => (
          <ActionButton
            key={type}
            intent={intents.add(type, after)}
            label={`${TYPE_LABELS[type]}${after === "end" ? "" : ` after section ${after + 1}`}`}
            onAction={onAction}
            className="rounded-md px-3 py-1.5 text-left text-sm text-ink hover:bg-brand-50"
          >
            {TYPE_LABELS[type]}
          </ActionButton>
        ))}
      </div>
    </details>
  );
}

/** "+ Add item" / "+ Add subsection": its name starts with what it shows (axe), then says where. */
function AddRowButton({
  intent,
  what,
  index,
  onAction,
  className,
}: {
  intent: string;
  what: "item" | "subsection";
  index: number;
  onAction: (e: MouseEvent<HTMLButtonElement>) => void;
  className?: string;
}) {
  return (
    <ActionButton
      intent={intent}
      label={`Add ${what} to section ${index + 1}`}
      onAction={onAction}
      className={cn(smallButton, "text-brand-700", className)}
    >
      <span aria-hidden="true">+ </span>Add {what}
    </ActionButton>
  );
}

/** Up, down and remove for a row (a section, an item, a subsection). */
function RowButtons({
  intent,
  name,
  index,
  count,
  onAction,
}: {
  intent: (op: "up" | "down" | "remove") => string;
  name: string;
  index: number;
  count: number;
  onAction: (e: MouseEvent<HTMLButtonElement>) => void;
}) {
  return (
    <div className="flex items-center gap-0.5">
      <ActionButton intent={intent("up")} label={`Move ${name} up`} onAction={onAction} disabled={index === 0}>
        <span aria-hidden="true">↑</span>
      </ActionButton>
      <ActionButton intent={intent("down")} label={`Move ${name} down`} onAction={onAction} disabled={index === count - 1}>
        <span aria-hidden="true">↓</span>
      </ActionButton>
      <ActionButton
        intent={intent("remove")}
        label={`Remove ${name}`}
        onAction={onAction}
        className={cn(smallButton, "text-red-700 hover:bg-red-50")}
      >
        <span aria-hidden="true">✕</span>
      </ActionButton>
    </div>
  );
}

/** A labelled text field of the editor: its hint, and its errors under it, wired for assistive tech. */
function EditorField({
  id,
  name,
  label,
  value,
  errors,
  hint,
  rows,
}: {
  id: string;
  name: string;
  label: string;
  value: string | undefined;
  errors: string[] | undefined;
  hint?: string;
  /** Several lines (a textarea of this many rows); one line without. */
  rows?: number;
}) {
  const props = {
    id,
    name,
    defaultValue: value ?? "",
    "aria-invalid": errors?.length ? true : undefined,
    "aria-describedby": errors?.length ? `${id}-error` : undefined,
  };
  return (
    <Field label={label} htmlFor={id} errorId={`${id}-error`} errors={errors} hint={hint}>
      {rows ? <Textarea {...props} rows={rows} className="min-h-20" /> : <Input {...props} />}
    </Field>
  );
}

/** An image of the media library, as the editor offers it. */

/**
 * Uploads a new image for a section. Without JavaScript, Upload sends the
 * whole form (multipart) and the server stores the file and chooses it. With
 * JavaScript, the file goes alone to `uploadUrl` with a progress bar, and the
 * answer is chosen at once.
 */
function ImageUploader({
  index,
  id,
  uploadUrl,
  errors,
  onUploaded,
}: {
  index: number;
  id: string;
  uploadUrl?: string;
  errors: Errors;
  onUploaded: (image: LibraryImage) => void;
}) {
  const hydrated = useHydrated();
  const [progress, setProgress] = useState<number | null>(null);
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
    const xhr = new XMLHttpRequest();
    xhr.open("POST", uploadUrl);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) setProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      setProgress(null);
      let answer: Partial<LibraryImage> & { error?: string } = {};
      try {
        answer = JSON.parse(xhr.responseText) as typeof answer;
      } catch {
        answer = { error: M.uploadFailed };
      }
      if (xhr.status === 200 && answer.src) {
        if (input instanceof HTMLInputElement) input.value = "";
        onUploaded(answer as LibraryImage);
      } else setError(answer.error ?? M.uploadFailed);
    };
    xhr.onerror = () => {
      setProgress(null);
      setError(M.uploadFailed);
    };
    setError(null);
    setProgress(0);
    xhr.send(body);
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

/**
 * An image section: the image (chosen in the library: radio buttons, so it
 * works without JavaScript, or uploaded), its alt text and caption. Width and
 * height travel with it; the server reads them from the library when it saves.
 */
function ImageFields({
  section,
  index,
  id,
  errors,
  library,
  uploadUrl,
  onUploaded,
}: {
  section: FormSection;
  index: number;
  id: string;
  errors: Errors;
  library: LibraryImage[];
  uploadUrl?: string;
  onUploaded: (image: LibraryImage) => void;
}) {
  const [chosen, setChosen] = useState(section.src ?? "");
  const current = section.src && !library.some((m) => m.src === section.src);
  const choices: LibraryImage[] = current
    ? [
        {
          src: section.src!,
          alt: section.alt ?? "",
          width: Number(section.width) || 0,
          height: Number(section.height) || 0,
          name: "Current image",
        },
        ...library,
      ]
    : library;
  const picked = choices.find((m) => m.src === chosen);
  const srcErrors = errors(sectionName(index, "src"));
  const field = (key: "alt" | "caption", label: string, hint?: string) => (
    <EditorField
      id={`${id}-${key}`}
      name={sectionName(index, key)}
      label={label}
      value={section[key]}
      errors={errors(sectionName(index, key))}
      hint={hint}
    />
  );
  return (
    <div className="space-y-3">
      <input type="hidden" name={sectionName(index, "width")} value={picked ? String(picked.width) : (section.width ?? "")} />
      <input type="hidden" name={sectionName(index, "height")} value={picked ? String(picked.height) : (section.height ?? "")} />
      <fieldset className="min-w-0" aria-describedby={srcErrors?.length ? `${id}-src-error` : undefined}>
        <legend className="mb-1.5 text-sm font-medium text-ink">Image from the library</legend>
        <LibraryPicker
          name={sectionName(index, "src")}
          images={choices}
          chosen={chosen}
          onChoose={setChosen}
          empty="The media library is empty: upload the first image below."
        />
        <ErrorList id={`${id}-src-error`} errors={srcErrors} />
      </fieldset>
      {field("alt", "Alt text", "What the image shows, for people who cannot see it. Needed to upload too.")}
      <ImageUploader
        index={index}
        id={id}
        uploadUrl={uploadUrl}
        errors={errors}
        onUploaded={(image) => {
          onUploaded(image);
          setChosen(image.src);
        }}
      />
      {field("caption", "Caption (optional)")}
    </div>
  );
}

function SectionFields({
  section,
  index,
  id,
  errors,
  onAction,
  library,
  uploadUrl,
  onUploaded,
}: {
  section: FormSection;
  index: number;
  id: string;
  errors: Errors;
  onAction: (e: MouseEvent<HTMLButtonElement>) => void;
  library: LibraryImage[];
  uploadUrl?: string;
  onUploaded: (image: LibraryImage) => void;
}) {
  const text = (key: "text" | "content" | "heading", label: string, multiline: boolean, hint?: string) => (
    <EditorField
      id={`${id}-${key}`}
      name={sectionName(index, key)}
      label={label}
      value={section[key]}
      errors={errors(sectionName(index, key))}
      hint={hint}
      rows={multiline ? 4 : undefined}
    />
  );
  switch (section.type) {
    case "paragraph":
      return text("text", "Text", true, M.markupHint);
    case "cta":
      return text("content", "Text", true, M.markupHint);
    case "heading": {
      const levelId = `${id}-level`;
      return (
        <div className="grid gap-3 sm:grid-cols-[1fr_10rem]">
          {text("text", "Heading", false)}
          <Field label="Level" htmlFor={levelId} errorId={`${levelId}-error`} errors={errors(sectionName(index, "level"))}>
            <select id={levelId} name={sectionName(index, "level")} defaultValue={section.level || "2"} className={inputClasses}>
              <option value="2">Level 2 (main)</option>
              <option value="3">Level 3</option>
              <option value="4">Level 4</option>
            </select>
          </Field>
        </div>
      );
    }
    case "list": {
      const items = section.items ?? [];
      return (
        <div>
          <p className="mb-1.5 text-sm font-medium text-ink">Items</p>
          <ErrorList id={`${id}-items-error`} errors={errors(sectionName(index, "items"))} />
          <ol className="space-y-2">
            {items.map((item, j) => {
              const itemId = `${id}-item${j}`;
              const errs = errors(itemName(index, j));
              return (
                <li key={j}>
                  <div className="flex items-center gap-2">
                    <label htmlFor={itemId} className="sr-only">{`Item ${j + 1}`}</label>
                    <span aria-hidden="true" className="w-5 text-right text-sm tabular-nums text-slate-500">{`${j + 1}.`}</span>
                    <Input
                      id={itemId}
                      name={itemName(index, j)}
                      defaultValue={item}
                      aria-invalid={errs?.length ? true : undefined}
                      aria-describedby={errs?.length ? `${itemId}-error` : undefined}
                    />
                    <RowButtons
                      intent={(op) => intents.item(op, index, j)}
                      name={`item ${j + 1}`}
                      index={j}
                      count={items.length}
                      onAction={onAction}
                    />
                  </div>
                  <ErrorList id={`${itemId}-error`} errors={errs} />
                </li>
              );
            })}
          </ol>
          <AddRowButton intent={intents.item("add", index)} what="item" index={index} onAction={onAction} className="mt-2" />
          <p className="mt-1.5 text-sm text-slate-600">{M.inlineMarkupHint}</p>
        </div>
      );
    }
    case "introduction":
    case "section":
    case "conclusion": {
      const subs = section.subsections ?? [];
      return (
        <div className="space-y-3">
          {text("heading", "Heading (optional)", false)}
          {text("content", "Text", true, M.markupHint)}
          {subs.map((sub, j) => {
            const subId = `${id}-sub${j}`;
            return (
              <fieldset key={j} id={subId} tabIndex={-1} className="min-w-0 space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-3">
                <legend className="flex w-full items-center justify-between gap-2 px-1 text-sm font-semibold text-ink">
                  <span>{`Subsection ${j + 1}`}</span>
                </legend>
                <div className="-mt-2 flex justify-end">
                  <RowButtons
                    intent={(op) => intents.sub(op, index, j)}
                    name={`subsection ${j + 1}`}
                    index={j}
                    count={subs.length}
                    onAction={onAction}
                  />
                </div>
                {(["subheading", "content"] as const).map((key) => (
                  <EditorField
                    key={key}
                    id={`${subId}-${key}`}
                    name={subName(index, j, key)}
                    label={key === "subheading" ? "Subheading (optional)" : "Text"}
                    value={sub[key]}
                    errors={errors(subName(index, j, key))}
                    rows={key === "content" ? 3 : undefined}
                  />
                ))}
              </fieldset>
            );
          })}
          <AddRowButton intent={intents.sub("add", index)} what="subsection" index={index} onAction={onAction} />
        </div>
      );
    }
    case "image":
      return (
        <ImageFields
          section={section}
          index={index}
          id={id}
          errors={errors}
          library={library}
          uploadUrl={uploadUrl}
          onUploaded={onUploaded}
        />
      );
  }
}

export function SectionEditor({
  formId,
  contentId,
  contentErrors,
  errors,
  initial,
  message: returnedMessage,
  library = [],
  uploadUrl,
}: {
  formId: string;
  /** The id and errors of the `content` field (the JSON text, and the size limit in blocks mode). */
  contentId: string;
  contentErrors?: string[];
  /** Errors by field name (conform's `form.allErrors`). */
  errors: Errors;
  initial: EditorState;
  /** What the server's run of an editor action did (without JavaScript). */
  message?: string;
  /** The media library's images, newest first, to choose from. */
  library?: LibraryImage[];
  /** Where the script uploads an image (JSON answer); without it, or without JavaScript, Upload sends the form. */
  uploadUrl?: string;
}) {
  const hydrated = useHydrated();
  const [state, setState] = useState(initial);
  const [generation, setGeneration] = useState(0);
  const [message, setMessage] = useState(returnedMessage ?? "");
  const [focus, setFocus] = useState<{ target: EditorFocus | "json"; tick: number } | null>(null);
  const root = useRef<HTMLDivElement>(null);
  // Images uploaded from this page, offered first until the library is read again.
  const [uploaded, setUploaded] = useState<LibraryImage[]>([]);
  const images = [...uploaded, ...library.filter((m) => !uploaded.some((u) => u.src === m.src))];
  const onUploaded = (image: LibraryImage) => {
    setUploaded((list) => [image, ...list.filter((u) => u.src !== image.src)]);
    setMessage(M.uploaded);
  };

  // A new state from the server (a refused save): start from it. Not on the first render, so text typed before hydration stays.
  const seen = useRef(initial);
  useEffect(() => {
    if (seen.current === initial) return;
    seen.current = initial;
    setState(initial);
    setMessage(returnedMessage ?? "");
    setGeneration((g) => g + 1);
  }, [initial, returnedMessage]);

  useEffect(() => {
    if (!focus) return;
    const t = focus.target;
    const elementId =
      t === "json"
        ? contentId
        : t === null
          ? `${formId}-sections`
          : t.item !== undefined
            ? `${formId}-s${t.section}-item${t.item}`
            : t.sub !== undefined
              ? `${formId}-s${t.section}-sub${t.sub}`
              : `${formId}-s${t.section}`;
    document.getElementById(elementId)?.focus();
    // The preview follows: the form changed without an input event.
    root.current?.closest("form")?.dispatchEvent(new Event("input", { bubbles: true }));
  }, [focus, formId, contentId]);

  const onAction = (event: MouseEvent<HTMLButtonElement>) => {
    const form = event.currentTarget.form;
    if (!hydrated || !form) return;
    event.preventDefault();
    const intent = event.currentTarget.value;
    event.currentTarget.closest("details")?.removeAttribute("open");
    const values = new FormData(form);
    const next = editorStep(
      { mode: state.mode, sections: sectionsFromEntries(values.entries()), text: String(values.get("content") ?? "") },
      intent,
    );
    setState({ mode: next.mode, sections: next.sections, text: next.text, note: next.mode === state.mode ? state.note : null });
    setMessage(next.message);
    setFocus({ target: next.focus, tick: Date.now() });
    setGeneration((g) => g + 1);
  };

  const { mode, sections } = state;
  return (
    <div ref={root} className="space-y-3" data-section-editor>
      <input type="hidden" name="contentMode" value={mode} />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm font-medium text-ink">
          Content{" "}
          <span className="font-normal text-slate-600">
            {mode === "blocks" ? `· ${sections.length} ${sections.length === 1 ? "section" : "sections"}` : "· JSON"}
          </span>
        </p>
        <ActionButton
          intent={intents.mode(mode === "blocks" ? "json" : "blocks")}
          label={mode === "blocks" ? "Edit as JSON" : "Edit as sections"}
          onAction={onAction}
          className={cn(smallButton, "border border-slate-300 bg-white")}
        >
          {mode === "blocks" ? "Edit as JSON" : "Edit as sections"}
        </ActionButton>
      </div>
      <p role="status" aria-live="polite" className={cn("text-sm text-slate-600", !message && "sr-only")}>
        {message}
      </p>
      {mode === "json" ? (
        <Field
          label="Content as JSON"
          htmlFor={contentId}
          errorId={`${contentId}-error`}
          errors={contentErrors}
          hint={
            state.note ?? "Advanced: the list of sections as JSON. Text that is not JSON is stored as text on pages, guides and blocks."
          }
        >
          <Textarea
            key={generation}
            id={contentId}
            name="content"
            defaultValue={state.text}
            rows={18}
            spellCheck={false}
            className="font-mono text-sm"
            aria-invalid={contentErrors?.length ? true : undefined}
            aria-describedby={contentErrors?.length ? `${contentId}-error` : undefined}
          />
        </Field>
      ) : (
        <>
          <ErrorList id={`${contentId}-error`} errors={[...(contentErrors ?? []), ...(errors("sections") ?? [])]} />
          <ol id={`${formId}-sections`} tabIndex={-1} className="space-y-3" aria-label="Sections">
            {sections.map((section, i) => {
              const id = `${formId}-s${i}`;
              return (
                <li key={`${generation}-${i}`}>
                  <fieldset className="min-w-0 rounded-xl border border-slate-200 bg-white shadow-sm" aria-labelledby={`${id}-title`}>
                    <input type="hidden" name={sectionName(i, "type")} value={section.type} />
                    <div className="flex flex-wrap items-center justify-between gap-2 rounded-t-xl border-b border-slate-100 bg-slate-50 px-3 py-1.5">
                      <h3
                        id={id}
                        tabIndex={-1}
                        className="flex items-center gap-2 text-sm font-semibold text-ink focus:outline-2 focus:outline-brand-600"
                      >
                        <span className="inline-flex h-6 min-w-6 items-center justify-center rounded-full bg-white px-1.5 text-xs tabular-nums text-slate-600 ring-1 ring-slate-200">
                          {i + 1}
                        </span>
                        <span id={`${id}-title`}>{TYPE_LABELS[section.type]}</span>
                        <span className="sr-only">{`, section ${i + 1} of ${sections.length}`}</span>
                      </h3>
                      <div className="flex items-center gap-1">
                        <RowButtons
                          intent={(op) => intents.section(op, i)}
                          name={`section ${i + 1}`}
                          index={i}
                          count={sections.length}
                          onAction={onAction}
                        />
                        <AddMenu after={i} onAction={onAction} label="Add after" />
                      </div>
                    </div>
                    <div className="space-y-3 p-4">
                      <SectionFields
                        section={section}
                        index={i}
                        id={id}
                        errors={errors}
                        onAction={onAction}
                        library={images}
                        uploadUrl={uploadUrl}
                        onUploaded={onUploaded}
                      />
                    </div>
                  </fieldset>
                </li>
              );
            })}
          </ol>
          {sections.length === 0 ? (
            <p className="rounded-xl border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-600">
              No sections yet: add the first one below.
            </p>
          ) : null}
          <div className="flex flex-wrap items-center gap-1 rounded-xl border border-dashed border-slate-300 bg-white px-3 py-2">
            <span className="mr-1 text-sm font-medium text-slate-700">Add a section:</span>
            {EDITABLE_TYPES.map((type) => (
              <ActionButton
                key={type}
                intent={intents.add(type, "end")}
                label={`Add a ${TYPE_LABELS[type].toLowerCase()} section at the end`}
                onAction={onAction}
                className={cn(smallButton, "text-brand-700")}
              >
                {TYPE_LABELS[type]}
              </ActionButton>
            ))}
          </div>
        </>
      )}
    </div>
  );
}
