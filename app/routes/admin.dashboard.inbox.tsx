import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { requireAdmin } from "~/features/admin/auth.server";
import { InboxTab } from "~/features/admin/InboxTab";
import { listInbox, parseInboxKind } from "~/features/admin/inbox.server";
import { pageFromUrl } from "~/lib/pagination";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  await requireAdmin(request, env);
  const url = new URL(request.url);
  const kind = parseInboxKind(url.searchParams.get("kind"));
  return { kind, list: await listInbox(env.DB, kind, pageFromUrl(url)) };
}

export default function InboxRoute() {
  const { kind, list } = useLoaderData<typeof loader>();
  return <InboxTab kind={kind} list={list} />;
}
