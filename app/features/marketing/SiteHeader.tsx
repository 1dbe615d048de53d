import { Link, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { BrandMark } from "~/components/ui/BrandMark";
import { ButtonLink } from "~/components/ui/Button";
import { Container } from "~/components/ui/Container";
import { headerLinks } from "./navigation";

function Logo() {
  return (
    // Named by its visible text (WCAG 2.5.3 label in name): "Founder Leads home".
    <Link to="/" className="flex items-center gap-2 font-bold text-ink">
      <BrandMark />
      <span className="text-lg">
        Founder Leads<span className="sr-only"> home</span>
      </span>
    </Link>
  );
}

/**
 * Fixed header. The mobile slide-out is a <details> element, so it opens and
 * closes without JavaScript; with JavaScript it also closes on navigation.
 */
export function SiteHeader() {
  const menu = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  useEffect(() => {
    if (menu.current) menu.current.open = false;
  }, [location.key]);

  return (
    <header
      className="fixed inset-x-0 top-0 z-40 border-b border-slate-200 bg-white"
      /* no backdrop-filter here: it would trap the fixed mobile panel inside the header */
    >
      <Container className="flex h-16 items-center justify-between gap-4">
        <Logo />
        <nav aria-label="Main" className="hidden lg:block">
          <ul className="flex items-center gap-6 text-sm font-medium text-slate-700">
            {headerLinks.map((l) => (
              <li key={l.to}>
                <Link to={l.to} className="hover:text-brand-700">
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="hidden lg:block">
          <ButtonLink to="/contact" size="sm">
            Talk To us
          </ButtonLink>
        </div>
        <details ref={menu} className="group lg:hidden">
          <summary
            className="flex cursor-pointer list-none items-center rounded-lg p-2 text-slate-700 hover:bg-slate-100 [&::-webkit-details-marker]:hidden"
            aria-label="Menu"
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="h-6 w-6 group-open:hidden"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <path strokeLinecap="round" d="M4 7h16M4 12h16M4 17h16" />
            </svg>
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="hidden h-6 w-6 group-open:block"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <path strokeLinecap="round" d="M6 6l12 12M18 6L6 18" />
            </svg>
          </summary>
          <nav
            aria-label="Mobile"
            className="fixed inset-x-0 top-16 bottom-0 overflow-y-auto border-t border-slate-200 bg-white px-4 pb-8 pt-4 shadow-xl"
          >
            <ul className="space-y-1 text-base font-medium text-ink">
              {headerLinks.map((l) => (
                <li key={l.to}>
                  <Link to={l.to} className="block rounded-lg px-3 py-3 hover:bg-slate-100">
                    {l.label}
                  </Link>
                </li>
              ))}
            </ul>
            <ButtonLink to="/contact" size="lg" className="mt-6 w-full">
              Talk To us
            </ButtonLink>
          </nav>
        </details>
      </Container>
    </header>
  );
}
