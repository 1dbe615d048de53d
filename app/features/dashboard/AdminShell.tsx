import { Form, Link, NavLink, useLocation } from "@remix-run/react";
import { BrandMark } from "~/components/ui/BrandMark";
import type { ReactNode } from "react";
import { Button, ButtonLink } from "~/components/ui/Button";
import { Container } from "~/components/ui/Container";
import { cn } from "~/components/ui/cn";
import type { DashboardCounts } from "./dashboard.server";

const adminTabs = [
  { to: "/admin/dashboard", label: "Pages", end: true, alsoActive: "/admin/dashboard/pages" },
  { to: "/admin/dashboard/guides", label: "Guides" },
  { to: "/admin/dashboard/content-blocks", label: "Content Blocks" },
  { to: "/admin/dashboard/qa", label: "Q&A" },
  { to: "/admin/dashboard/blogs", label: "Blogs" },
  { to: "/admin/dashboard/media", label: "Media" },
  { to: "/admin/dashboard/lead-finder", label: "Lead Finder" },
  { to: "/admin/dashboard/leads", label: "Leads" },
  { to: "/admin/sequences", label: "Follow-ups" },
  { to: "/admin/insights", label: "Insights" },
  { to: "/admin/broadcasts", label: "Broadcasts" },
  { to: "/admin/dashboard/outbox", label: "Email outbox" },
  { to: "/admin/audit", label: "Audit" },
  { to: "/admin/privacy", label: "Privacy" },
] as const;

const countCards: { key: keyof DashboardCounts; label: string }[] = [
  { key: "pages", label: "Pages" },
  { key: "guides", label: "Guides" },
  { key: "contentBlocks", label: "Content blocks" },
  { key: "qa", label: "Q&A submissions" },
  { key: "blogs", label: "Blog posts" },
  { key: "keywords", label: "Keywords" },
  { key: "leads", label: "Leads" },
];

function LogoutButton({ variant = "secondary" }: { variant?: "secondary" | "ghost" }) {
  return (
    <Form method="post" action="/admin/logout">
      <Button type="submit" variant={variant} size="sm">
        Logout
      </Button>
    </Form>
  );
}

/** The admin top bar: brand, who is signed in, and the way out. */
/** The shell's links to the team's settings and the admin's own pages, in order. */
const SHELL_LINKS = [
  { to: "/admin/settings/notifications", label: "Notifications" },
  { to: "/admin/settings/digest", label: "Digest" },
  { to: "/admin/settings/sessions", label: "Sessions" },
  { to: "/admin/team", label: "Team" },
  { to: "/admin/account", label: "Your account" },
] as const;

function AdminTopBar({ email, children }: { email: string; children?: ReactNode }) {
  return (
    <header className="border-b border-slate-200 bg-white">
      <Container className="flex flex-wrap items-center justify-between gap-3 py-3">
        <Link to="/admin/dashboard" className="flex items-center gap-2 font-bold text-ink">
          <BrandMark />
          <span>Admin</span>
        </Link>
        <div className="flex flex-wrap items-center gap-2">
          <span className="hidden text-sm text-slate-600 sm:inline">{email}</span>
          {children}
          {SHELL_LINKS.map(({ to, label }) => (
            <ButtonLink key={to} to={to} variant="ghost" size="sm">
              {label}
            </ButtonLink>
          ))}
          <LogoutButton />
        </div>
      </Container>
    </header>
  );
}

/** The dashboard's home summary: the counts of every resource and the leads chart. */
export function DashboardSummary({ counts, chart }: { counts: DashboardCounts | null; chart?: ReactNode }) {
  return (
    <div className="mb-8">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-7">
        {countCards.map((c) => (
          <div key={c.key} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
            <dt className="text-xs font-medium uppercase tracking-wide text-slate-600">{c.label}</dt>
            <dd className="mt-1 text-2xl font-bold text-ink" data-testid={`count-${c.key}`}>
              {counts ? counts[c.key] : "—"}
            </dd>
          </div>
        ))}
      </dl>
      {chart}
    </div>
  );
}

/** A full admin page: the top bar with the page's own link beside the address, and the page below it. */
export function AdminFrame({
  email,
  link,
  className,
  children,
}: {
  email: string;
  link: ReactNode;
  className: string;
  children: ReactNode;
}) {
  return (
    <div className="min-h-screen bg-slate-50">
      <AdminTopBar email={email}>{link}</AdminTopBar>
      <Container className={className}>{children}</Container>
    </div>
  );
}

/** The dashboard around every tab: the top bar, the tabs and the tab's page at the full width of the page. */
export function AdminShell({ email, children }: { email: string; children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <AdminFrame
      email={email}
      link={
        <ButtonLink to="/warm-leads" size="sm">
          View Warm Leads
        </ButtonLink>
      }
      className="py-8"
    >
      <h1 className="text-2xl font-bold">Dashboard</h1>
      <nav aria-label="Dashboard sections" className="relative mt-6 overflow-x-auto border-b border-slate-200">
        <ul className="flex min-w-max gap-1">
          {adminTabs.map((t) => (
            <li key={t.to}>
              <NavLink
                to={t.to}
                end={"end" in t ? t.end : false}
                prefetch="intent"
                className={({ isActive }) =>
                  cn(
                    "-mb-px inline-block border-b-2 px-4 py-2.5 text-sm font-medium",
                    isActive || ("alsoActive" in t && pathname.startsWith(t.alsoActive))
                      ? "border-brand-600 text-brand-700"
                      : "border-transparent text-slate-600 hover:text-ink",
                  )
                }
              >
                {t.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-6">{children}</div>
    </AdminFrame>
  );
}

/** A page of its own under the top bar (the account and team pages): its title, then its sections. */
export function AdminPage({ email, title, children }: { email: string; title: string; children: ReactNode }) {
  return (
    <AdminFrame
      email={email}
      link={
        <ButtonLink to="/admin/dashboard" variant="ghost" size="sm">
          Dashboard
        </ButtonLink>
      }
      className="py-8"
    >
      <h1 className="text-2xl font-bold">{title}</h1>
      <div className="mt-6 space-y-8">{children}</div>
    </AdminFrame>
  );
}

/** One section of an AdminPage: a card with its heading. */
export function AdminSection({ title, description, children }: { title: string; description?: ReactNode; children: ReactNode }) {
  const id = `section-${title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {description ? <div className="mt-1 text-sm text-slate-600">{description}</div> : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}

export function TabHeading({ title, description, actions }: { title: string; description?: string; actions?: ReactNode }) {
  return (
    <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
      <div>
        <h2 className="text-lg font-semibold">{title}</h2>
        {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
      </div>
      {actions}
    </div>
  );
}

/** Filter links shown as pills (real URLs, so they work without JavaScript). */
export function FilterPills({ label, items }: { label: string; items: { to: string; label: string; active: boolean }[] }) {
  return (
    <nav aria-label={label} className="mb-4 flex flex-wrap gap-2">
      {items.map((item) => (
        <Link
          key={item.to}
          to={item.to}
          aria-current={item.active ? "page" : undefined}
          className={cn(
            "rounded-full border px-3 py-1 text-sm font-medium",
            item.active ? "border-brand-600 bg-brand-600 text-white" : "border-slate-300 bg-white text-slate-700 hover:bg-slate-50",
          )}
        >
          {item.label}
        </Link>
      ))}
    </nav>
  );
}
