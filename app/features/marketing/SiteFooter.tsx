import { Link } from "@remix-run/react";
import { Container } from "~/components/ui/Container";
import { footerLinks } from "./navigation";

/** The site footer; `newsletter` is the 'Stay Updated' box (a form passed in by the layout). */
export function SiteFooter({ newsletter }: { newsletter?: React.ReactNode }) {
  return (
    <footer className="bg-slate-950 text-slate-400">
      <Container className="grid gap-10 py-12 md:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="text-lg font-bold text-white">Founder Leads</p>
          <p className="mt-3 max-w-xs text-sm leading-6">
            Pre-qualified merchant leads for Shopify app founders: verified contacts, buying-intent signals, first leads within 48 hours.
          </p>
        </div>
        <nav aria-label="Footer" className="lg:col-span-2">
          <h2 className="text-sm font-semibold text-white">Company and resources</h2>
          <ul className="mt-4 grid grid-cols-2 gap-x-8 gap-y-3 text-sm">
            {footerLinks.map((l) => (
              <li key={l.to}>
                <Link to={l.to} className="hover:text-white">
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {newsletter ? (
          <div>
            <h2 className="text-sm font-semibold text-white">Stay Updated</h2>
            <p className="mt-2 text-sm leading-6">Growth notes for app founders, about twice a month.</p>
            <div className="mt-4">{newsletter}</div>
          </div>
        ) : null}
      </Container>
      <Container className="border-t border-slate-800 py-6 text-xs">
        {/* The year in UTC: the same on the server and in every visitor's browser, whatever the zone. */}
        <p>© {new Date().getUTCFullYear()} Founder Leads. All rights reserved.</p>
      </Container>
    </footer>
  );
}
