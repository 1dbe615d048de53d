/**
 * The preview of a content form, drawn by the site's own renderer. With
 * JavaScript it follows the typing (debounced) and saves nothing; without it,
 * the form's Preview button sends the form and the server's answer is shown
 * here. Admin-only code.
 */
import { useEffect, useState } from "react";
import { cn } from "~/components/ui/cn";
import { StructuredContent } from "~/components/content/StructuredContent";
import { sectionsFromEntries } from "./form-values";
import { CONTENT_MODE, previewContent } from "./model";

const DEBOUNCE_MS = 300;

export function LivePreview({ formId, initial, className }: { formId: string; initial: unknown; className?: string }) {
  const [content, setContent] = useState(initial);
  useEffect(() => setContent(initial), [initial]);
  useEffect(() => {
    const form = document.getElementById(formId);
    if (!(form instanceof HTMLFormElement)) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const update = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        const values = new FormData(form);
        const mode = values.get("contentMode") === CONTENT_MODE.json ? CONTENT_MODE.json : CONTENT_MODE.blocks;
        setContent(previewContent(mode, sectionsFromEntries(values.entries()), String(values.get("content") ?? "")));
      }, DEBOUNCE_MS);
    };
    form.addEventListener("input", update);
    form.addEventListener("change", update);
    return () => {
      clearTimeout(timer);
      form.removeEventListener("input", update);
      form.removeEventListener("change", update);
    };
  }, [formId]);
  return (
    <section aria-labelledby={`${formId}-preview`} className={cn("min-w-0", className)}>
      <h2 id={`${formId}-preview`} className="mb-2 flex items-baseline gap-2 text-sm font-semibold uppercase tracking-wide text-slate-600">
        Preview <span className="text-xs font-normal normal-case tracking-normal text-slate-500">as visitors see it · not saved</span>
      </h2>
      <div className="rounded-2xl border border-dashed border-brand-300 bg-white px-5 py-6 sm:px-8" data-testid="content-preview">
        <StructuredContent content={content} />
      </div>
    </section>
  );
}
