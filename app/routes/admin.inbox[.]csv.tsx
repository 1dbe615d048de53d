import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireAdmin } from "~/features/admin/auth.server";
import { INBOX_CSV_FIELDS, inboxCsvRows, parseInboxKind } from "~/features/admin/inbox.server";
import { csvResponse } from "~/lib/csv";
import { refuseCrossSiteRead } from "~/lib/request.server";

/** CSV export of the inbox, with the same kind filter as the list. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  refuseCrossSiteRead(request);
  await requireAdmin(request, env);
  const kind = parseInboxKind(new URL(request.url).searchParams.get("kind"));
  const date = new Date().toISOString().slice(0, 10);
  return csvResponse(`leads-${kind ?? "all"}-${date}.csv`, INBOX_CSV_FIELDS, [await inboxCsvRows(env.DB, kind)]);
}
