import { useRouteLoaderData } from "@remix-run/react";
import { useHydrated } from "~/lib/forms";
import { CAME_FROM_FIELD, LANDING_FIELD } from "~/lib/visit-source";
import { keptVisit } from "~/lib/visit-source-client";

/** What the root loader says about where this page's visitor came from (ADR 0022). */
export type RootVisitData = { visit?: { cameFrom: string } };

/**
 * Where the visit came from, with every public form (ADR 0022). Without JavaScript: the server's "came from" of
 * this page (the previous same-site page, or another site's host; on a cached page the edge gateway puts it in per
 * visitor), or what an earlier step of the same form `carried`. With JavaScript: the tab's kept first page and
 * referrer host. All of it is untrusted input to the server, for reporting only.
 */
export function VisitSourceFields({ carried }: { carried?: { cameFrom: string; landing: string } | null }) {
  const hydrated = useHydrated();
  const server = useRouteLoaderData<RootVisitData>("root")?.visit?.cameFrom ?? "";
  const kept = hydrated ? keptVisit() : null;
  return (
    <>
      <input type="hidden" name={CAME_FROM_FIELD} value={kept ? kept.referrerHost : (carried?.cameFrom ?? server)} />
      <input type="hidden" name={LANDING_FIELD} value={kept ? kept.landing : (carried?.landing ?? "")} />
    </>
  );
}
