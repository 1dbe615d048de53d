import { Link } from "@remix-run/react";
import { Container } from "~/components/ui/Container";
import { buttonClasses } from "~/components/ui/Button";
import type { TocNode } from "./guide/transform.server";

export const GUIDE_TITLE = "The Shopify App Launch & Scaling Playbook";

function TocList({ nodes, nested = false }: { nodes: TocNode[]; nested?: boolean }) {
  return (
    <ol className={nested ? "ml-3 mt-1 space-y-1 border-l border-slate-200 pl-3" : "space-y-1.5"}>
      {nodes.map((n) => (
        <li key={n.id}>
          <a
            href={`#${n.id}`}
            className={`block rounded py-0.5 text-sm hover:text-brand-700 ${n.level === 2 ? "font-medium text-ink" : "text-slate-600"}`}
          >
            {n.text}
          </a>
          {n.children.length ? <TocList nodes={n.children} nested /> : null}
        </li>
      ))}
    </ol>
  );
}

/** The consultation card, repeated beside and after the guide. */
function BookingCard({ schedulerUrl, id }: { schedulerUrl: string; id: string }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl bg-gradient-to-br from-brand-700 to-brand-900 p-6 text-white shadow-lg">
      <h2 id={id} className="text-lg font-bold !text-white">
        Want a second pair of eyes?
      </h2>
      <p className="mt-2 text-sm text-brand-100">
        Book a free 30-minute consultation: we'll go through your launch or growth plan and find your first warm leads.
      </p>
      <a href={schedulerUrl} target="_blank" rel="noopener noreferrer" className={buttonClasses({ variant: "secondary" }) + " mt-4 w-full"}>
        Book a free consultation
      </a>
    </section>
  );
}

interface FinalGuideProps {
  html: string;
  toc: TocNode[];
  pdfUrl: string;
  xlsxUrl: string;
  schedulerUrl: string;
  /** Just signed up on the landing page: show the spreadsheet download prominently. */
  welcome: boolean;
}

/** The final guide: header with downloads, the table of contents beside the guide, booking cards. */
export function FinalGuide({ html, toc, pdfUrl, xlsxUrl, schedulerUrl, welcome }: FinalGuideProps) {
  return (
    <>
      <section aria-labelledby="guide-title" className="border-b border-slate-200 bg-gradient-to-b from-brand-50 to-white">
        <Container className="py-12 sm:py-16">
          <nav aria-label="Breadcrumb" className="text-sm text-slate-600">
            <Link to="/playbooks" className="hover:text-brand-700">
              Playbooks
            </Link>
            <span aria-hidden="true"> / </span>
            <span>Final guide</span>
          </nav>
          <h1 id="guide-title" className="mt-4 max-w-3xl text-4xl font-extrabold tracking-tight sm:text-5xl">
            {GUIDE_TITLE}
          </h1>
          <p className="mt-4 max-w-2xl text-lg text-slate-600">
            From validation and app review to your first 100 merchants and beyond: the complete guide, free.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <a href={pdfUrl} target="_blank" rel="noopener noreferrer" className={buttonClasses({ size: "lg" })}>
              Download PDF
            </a>
            <a
              href={schedulerUrl}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClasses({ variant: "secondary", size: "lg" })}
            >
              Book a free consultation
            </a>
          </div>
          {welcome ? (
            <div
              role="status"
              className="mt-8 flex flex-col gap-3 rounded-2xl border border-emerald-200 bg-emerald-50 p-5 sm:flex-row sm:items-center sm:justify-between"
            >
              <p className="text-emerald-900">
                <strong>You're in!</strong> The playbook is on its way to your inbox. Your spreadsheet is ready too.
              </p>
              <a href={xlsxUrl} target="_blank" rel="noopener noreferrer" className={buttonClasses({ variant: "secondary" }) + " shrink-0"}>
                Download the spreadsheet (XLSX)
              </a>
            </div>
          ) : null}
        </Container>
      </section>
      <Container className="grid gap-6 py-10 lg:grid-cols-[16rem_minmax(0,1fr)] lg:gap-14 lg:py-12">
        <aside className="lg:order-none">
          <div className="space-y-6 lg:sticky lg:top-24">
            <details className="group rounded-2xl border border-slate-200 bg-white p-5 shadow-sm lg:hidden">
              <summary className="cursor-pointer font-semibold text-ink">Contents</summary>
              <nav aria-label="Table of contents (compact)" className="mt-4">
                <TocList nodes={toc} />
              </nav>
            </details>
            <nav
              aria-labelledby="toc-title"
              className="hidden max-h-[60vh] overflow-y-auto rounded-2xl border border-slate-200 bg-white p-5 shadow-sm lg:block"
            >
              <h2 id="toc-title" className="mb-3 text-sm font-semibold uppercase tracking-wide text-slate-600">
                Contents
              </h2>
              <TocList nodes={toc} />
            </nav>
            <div className="hidden lg:block">
              <BookingCard schedulerUrl={schedulerUrl} id="booking-side" />
            </div>
          </div>
        </aside>
        <div className="min-w-0">
          <article className="guide-prose" dangerouslySetInnerHTML={{ __html: html }} />
          <div className="mt-12 grid gap-6 sm:grid-cols-2">
            <BookingCard schedulerUrl={schedulerUrl} id="booking-end" />
            <section aria-labelledby="downloads-title" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <h2 id="downloads-title" className="text-lg font-bold">
                Keep a copy
              </h2>
              <p className="mt-2 text-sm text-slate-600">The PDF for reading offline and the spreadsheet to track your progress.</p>
              <div className="mt-4 flex flex-col gap-2">
                <a href={pdfUrl} target="_blank" rel="noopener noreferrer" className={buttonClasses({ variant: "secondary" })}>
                  Download PDF
                </a>
                <a href={xlsxUrl} target="_blank" rel="noopener noreferrer" className={buttonClasses({ variant: "ghost" })}>
                  Download the spreadsheet (XLSX)
                </a>
              </div>
            </section>
          </div>
        </div>
      </Container>
    </>
  );
}
