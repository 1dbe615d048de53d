import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunction,
  useLocation,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import { useEffect, useRef, type ReactNode } from "react";
import { deferred, whenDeferredPartsHydrated } from "~/components/deferred";
import { LeadMagnetPopup, NewsletterForm, WaitlistBanner } from "~/features/lead-capture/deferred";
import { NotFound, ServerError } from "~/features/marketing/deferred";
import { SiteFooter } from "~/features/marketing/SiteFooter";
import { SiteHeader } from "~/features/marketing/SiteHeader";
import { SectionBoundary } from "~/components/ui/SectionBoundary";
import { keptFormFor } from "~/features/auth/index.server";
import { asksForNewStamp } from "~/lib/form-guard";
import { formStamp } from "~/lib/form-guard.server";
import { KeptFormProvider } from "~/lib/kept-form";
import { formStampIssuedAt } from "~/lib/form-stamp-test-age.server";
import { cameFromReferer, EDGE_CAME_FROM } from "~/lib/visit-source";
import { keptVisit } from "~/lib/visit-source-client";
import { sendViewBeacon } from "~/lib/view-beacon";
import type { EdgeCacheDeclaration } from "~/lib/edge-tags";
import { useNonce } from "~/lib/nonce";
import { SITE_NAME } from "~/lib/seo";
import { getToast } from "~/lib/toast.server";
import styles from "~/tailwind.css?url";

/** The toasts: a flash toast is in the server's HTML; the script that hides and dismisses it can come later. */
const Toaster = deferred(() => import("~/components/ui/Toaster").then((m) => m.Toaster));

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: styles },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  const { toast, headers } = await getToast(request, env);
  // Every public form's bot check (ADR 0015): the page's signed time stamp and Turnstile's site key.
  // A page rendered for the edge cache carries the placeholder, made each visitor's own on the way out (ADR 0020).
  const stamp = context.edge ? context.edge.stamp : await formStamp(env, formStampIssuedAt(request, env));
  const formGuard = { stamp, siteKey: env.TURNSTILE_SITE_KEY ?? "" };
  // After a sign-in that ended a lost session: what the admin had typed, for the page's form (only with ?kept=).
  const keptForm = await keptFormFor(env, request);
  // Where this page's visitor came from, for the forms without JavaScript (ADR 0022): from the Referer, or on a page
  // rendered for the edge cache a placeholder the gateway replaces per visitor.
  const visit = { cameFrom: context.edge ? EDGE_CAME_FROM : cameFromReferer(request.headers.get("Referer"), new URL(request.url).origin) };
  return data(
    { toast, siteUrl: env.SITE_URL, playbookPdfUrl: env.PLAYBOOK_PDF_URL, formGuard, keptForm, visit },
    { headers: headers ?? undefined },
  );
}

/** After an answer that refused the page's stamp (even a 400), a fresh one: see `asksForNewStamp`. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  asksForNewStamp(actionResult) || defaultShouldRevalidate;

/**
 * Route modules can set `handle`: `hideWaitlistBanner` drops the banner;
 * `hideNewsletter` drops the footer's subscription box (on /newsletter itself);
 * `bareLayout` drops the public header, banner and footer (admin pages);
 * `noPopup` keeps the lead-magnet popup away (it never shows on bare pages either);
 * `edgeCache` lets anonymous visitors be served from the edge cache (ADR 0020): only where every matched route
 * but the root declares it.
 */
export type RouteHandle = {
  hideWaitlistBanner?: boolean;
  hideNewsletter?: boolean;
  bareLayout?: boolean;
  noPopup?: boolean;
  edgeCache?: EdgeCacheDeclaration;
};

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const rootData = useRouteLoaderData<typeof loader>("root");
  const matches = useMatches();
  const handles = matches.map((m) => (m.handle ?? {}) as RouteHandle);
  const bare = handles.some((h) => h.bareLayout);
  const hideBanner = bare || handles.some((h) => h.hideWaitlistBanner);
  return (
    <html lang="en" className="h-full">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-full flex-col">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:shadow"
        >
          Skip to content
        </a>
        {bare ? null : <SiteHeader />}
        <SectionBoundary name="toasts" suspense={false}>
          <Toaster toast={rootData?.toast ?? null} />
        </SectionBoundary>
        <main id="main" className={bare ? "flex-1" : "flex-1 pt-16"}>
          <KeptFormProvider value={rootData?.keptForm ?? null}>{children}</KeptFormProvider>
        </main>
        {hideBanner ? null : (
          <SectionBoundary name="waitlist banner" suspense={false}>
            <WaitlistBanner />
          </SectionBoundary>
        )}
        {bare || handles.some((h) => h.noPopup) || !rootData ? null : (
          <SectionBoundary name="lead-magnet popup" suspense={false}>
            <LeadMagnetPopup pdfUrl={rootData.playbookPdfUrl} />
          </SectionBoundary>
        )}
        {bare ? null : (
          <SiteFooter
            newsletter={
              handles.some((h) => h.hideNewsletter) ? null : (
                <SectionBoundary name="newsletter form" suspense={false}>
                  <NewsletterForm />
                </SectionBoundary>
              )
            }
          />
        )}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  // A marker for people and tests: React has hydrated, the page is interactive (the deferred parts too).
  useEffect(() => {
    // The tab's first page is the visit's landing page (ADR 0022): kept in session storage, once.
    keptVisit();
    let live = true;
    void whenDeferredPartsHydrated().then(() => {
      if (live) document.documentElement.dataset.hydrated = "true";
    });
    return () => {
      live = false;
    };
  }, []);
  // A page reached without a document request (a page after the first) is counted by a beacon (ADR 0023); the
  // first page was counted by the Worker that served it.
  const { pathname } = useLocation();
  const counted = useRef(pathname);
  useEffect(() => {
    if (counted.current === pathname) return;
    counted.current = pathname;
    if (!pathname.startsWith("/admin")) sendViewBeacon();
  }, [pathname]);
  return <Outlet />;
}

export const meta: MetaFunction = () => [{ title: SITE_NAME }];

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  if (!isRouteErrorResponse(error)) console.error(error);
  return <ServerError status={isRouteErrorResponse(error) ? error.status : 500} />;
}
