import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useCallback, useRef, type MouseEvent } from "react";
import { PremiumAccessDialog } from "~/features/lead-capture/deferred";
import { PremiumAccessLink } from "~/features/lead-capture/PremiumAccessLink";
import { PlaybooksHub } from "~/features/playbooks/PlaybooksHub";
import { listPublishedGuides } from "~/features/content/resources.server";
import { seo, siteUrlFromMatches } from "~/lib/seo";
import type { RouteHandle } from "~/root";
import { EDGE_TAG, edgeTags, markDegraded } from "~/lib/edge-tags";

export async function loader({ context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  // The guides are a bonus on this page: if they cannot be read, the hub still renders.
  edgeTags(context, EDGE_TAG.list("guides"));
  const guides = await listPublishedGuides(env).catch((error: unknown) => {
    console.error("Listing the published guides failed", error);
    markDegraded(context);
    return [];
  });
  return { contactEmail: env.CONTACT_EMAIL, guides };
}

/** The page has its own form: no lead-magnet popup on top of it. */
export const handle: RouteHandle = { edgeCache: {}, noPopup: true };

export default function Playbooks() {
  const { contactEmail, guides } = useLoaderData<typeof loader>();
  // The dialog is deferred: until it has hydrated there is no opener, and the link goes to /playbooks/premium.
  const opener = useRef<(() => void) | null>(null);
  const onReady = useCallback((open: (() => void) | null) => {
    opener.current = open;
  }, []);
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!opener.current) return;
    event.preventDefault();
    opener.current();
  };
  return (
    <>
      <PlaybooksHub
        guides={guides}
        unlock={(label, { variant, size, className, ariaLabel } = {}) => (
          <PremiumAccessLink onOpen={open} variant={variant} size={size} className={className} aria-label={ariaLabel}>
            {label}
          </PremiumAccessLink>
        )}
      />
      <PremiumAccessDialog contactEmail={contactEmail} onReady={onReady} />
    </>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  seo({
    title: "Playbooks for Shopify App Founders",
    description:
      "Free and premium playbooks for Shopify app founders: the 69-point marketing checklist, the launch playbook and six premium playbooks from pre-launch to revenue.",
    path: "/playbooks",
    siteUrl: siteUrlFromMatches(matches),
  });
