import { Link } from "@remix-run/react";
import { Container } from "~/components/ui/Container";
import { footerLinks } from "./navigation";

export function SiteFooter() {
  return (
    <footer className="bg-slate-950 text-slate-400">
      <Container className="grid gap-10 py-12 md:grid-cols-3">
        <div>
          <p className="text-lg font-bold text-white">Founder Leads</p>
          <p className="mt-3 max-w-xs text-sm leading-6">
            Pre-qualified merchant leads for Shopify app founders: verified contacts, buying-intent signals, first leads
            within 48 hours.
          </p>
        </div>
        <nav aria-label="Footer" className="md:col-span-2">
          <ul className="grid grid-cols-2 gap-x-8 gap-y-3 text-sm sm:grid-cols-3">
            {footerLinks.map((l) => (
              <li key={l.to}>
                <Link to={l.to} className="hover:text-white">
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </Container>
      <Container className="border-t border-slate-800 py-6 text-xs">
        <p>© {new Date().getFullYear()} Founder Leads. All rights reserved.</p>
      </Container>
    </footer>
  );
}
