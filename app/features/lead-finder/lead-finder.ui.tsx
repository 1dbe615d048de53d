/** What the Lead Finder's sections share: the loader's data, the card they sit in, the in-place confirmation. */
import { ConfirmForm, type Confirmation } from "~/components/ui/Confirm";
import type { KeywordRow, LeadsPage } from "./leads.server";

export const card = "rounded-2xl border border-slate-200 bg-white p-5 shadow-sm";

export interface LeadFinderData {
  keywords: KeywordRow[];
  keywordsError: string | null;
  selected: KeywordRow | null;
  leads: LeadsPage | null;
  leadsError: string | null;
  /** The confirmation asked for in the address (without JavaScript): `keyword:{id}`, `all` or `selected` (with `ids`). */
  confirm: string | null;
  confirmIds: string[];
}

/** A confirmation asked for in the address, shown in place (the page without JavaScript). */
export function ConfirmPanel({ confirmation, cancel }: { confirmation: Confirmation; cancel: string }) {
  return (
    <div className="mt-4 rounded-xl border border-red-200 bg-red-50/40 p-4">
      <ConfirmForm confirmation={confirmation} cancel={cancel} />
    </div>
  );
}
