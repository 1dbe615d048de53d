import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData, useParams } from "@remix-run/react";
import { isOnList, unsubscribeFromList } from "~/features/lead-capture/email-list.server";
import { UnsubscribePage } from "~/features/lead-capture/ListLinkPages";
import { UNSUBSCRIBE_PATH } from "~/lib/email-lists";
import { readUnsubscribeToken } from "~/lib/list-unsubscribe.server";
import { noindexMeta } from "~/lib/seo";
import type { RouteHandle } from "~/root";

const NO_STORE = { "Cache-Control": "no-store" };

/** The link's page: a GET shows the button (or that it is done) and never unsubscribes. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  const link = await readUnsubscribeToken(env, params.token ?? "");
  if (!link) return data({ list: null, email: null, done: false }, { status: 404, headers: NO_STORE });
  return data({ ...link, done: !(await isOnList(env, link.list, link.email)) }, { headers: NO_STORE });
}

/**
 * The one-click POST (RFC 8058) from a mailbox provider, or the page's button: no session,
 * cookie, CSRF token or Origin needed, the signed link is the credential (server.ts lets a
 * cross-site POST through to this route only). Acts once; the body is not read.
 */
export async function action({ params, context }: ActionFunctionArgs) {
  const { env } = context.cloudflare;
  const link = await readUnsubscribeToken(env, params.token ?? "");
  if (!link) return data({ done: false, invalid: true }, { status: 404, headers: NO_STORE });
  await unsubscribeFromList(env, link.list, link.email);
  return data({ done: true, invalid: false }, { headers: NO_STORE });
}

export const handle: RouteHandle = { hideNewsletter: true, hideWaitlistBanner: true, noPopup: true };

export default function Unsubscribe() {
  const loaded = useLoaderData<typeof loader>();
  const acted = useActionData<typeof action>();
  const { token } = useParams();
  const invalid = acted?.invalid || !loaded.list;
  return (
    <UnsubscribePage
      list={invalid ? null : loaded.list}
      email={invalid ? null : loaded.email}
      done={Boolean(acted?.done || loaded.done)}
      action={`${UNSUBSCRIBE_PATH}/${token}`}
    />
  );
}

export const meta: MetaFunction = () => noindexMeta("Unsubscribe | Founder Leads");
