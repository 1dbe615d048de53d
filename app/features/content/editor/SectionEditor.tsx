/**
 * The section editor of a content field: one fieldset per section with the
 * fields of its type, and buttons to add, move and remove sections, list
 * items and subsections, or to edit the whole as JSON.
 *
 * Every button is a submit button with an `intent` (see intents.ts): without
 * JavaScript the server runs the action and sends the form back with
 * everything typed kept. With JavaScript the same action runs here at once:
 * the current values are read from the form, the action applied, focus moved
 * to what changed and a live region says what happened.
 *
 * Admin-only code: public pages never import it.
 */
import { useEffect, useRef, useState, type MouseEvent } from "react";
import { cn } from "~/components/ui/cn";
import { ErrorList, Field, Textarea } from "~/components/ui/Field";
import type { LibraryImage } from "~/components/ui/LibraryPicker";
import { useHydrated } from "~/lib/forms";
import { ActionButton, AddMenu, RowButtons, smallButton } from "./controls";
import { EditorProvider, type Errors } from "./editor-context";
import { EDITOR_MESSAGES as M } from "./editor.messages";
import { sectionName, sectionsFromEntries, type EditorState } from "./form-values";
import { editorStep, intents, type EditorFocus } from "./intents";
import { EDITABLE_TYPES, TYPE_LABELS } from "./model";
import { SectionFields } from "./SectionFields";

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
    <EditorProvider value={{ errors, onAction, library: images, uploadUrl, onUploaded }}>
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
            field={{ id: contentId, errorId: `${contentId}-error`, errors: contentErrors }}
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
                          <RowButtons intent={(op) => intents.section(op, i)} name={`section ${i + 1}`} index={i} count={sections.length} />
                          <AddMenu after={i} label="Add after" />
                        </div>
                      </div>
                      <div className="space-y-3 p-4">
                        <SectionFields section={section} index={i} id={id} />
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
                  className={cn(smallButton, "text-brand-700")}
                >
                  {TYPE_LABELS[type]}
                </ActionButton>
              ))}
            </div>
          </>
        )}
      </div>
    </EditorProvider>
  );
}
