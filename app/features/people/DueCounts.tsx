import { Link } from "@remix-run/react";
import { LEADS_PATH } from "./people.options";
import type { DueCounts as Counts } from "./people-list.server";

/** The dashboard home's 'Overdue' and 'Due today' counts, each a link to the Leads list with that filter. */
export function DueCounts({ counts }: { counts: Counts | null }) {
  const cards = [
    { key: "overdue", label: "Overdue", value: counts?.overdue, href: `${LEADS_PATH}?due=overdue` },
    { key: "today", label: "Due today", value: counts?.today, href: `${LEADS_PATH}?due=today` },
  ] as const;
  return (
    <dl className="mb-3 grid grid-cols-2 gap-3 sm:max-w-md">
      {cards.map((c) => (
        <div key={c.key} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
          <dt className="text-xs font-medium uppercase tracking-wide text-slate-600">{c.label}</dt>
          <dd className="mt-1 text-2xl font-bold">
            <Link
              to={c.href}
              className="text-brand-700 hover:underline"
              data-testid={`due-${c.key}`}
              aria-label={`${c.label}: ${c.value ?? "unknown"}`}
            >
              {c.value ?? "—"}
            </Link>
          </dd>
        </div>
      ))}
    </dl>
  );
}
