/**
 * The one renderer of structured content (pages, guides, blog posts). Each
 * section is built eagerly inside a try/catch, so a section that fails shows
 * 'Error displaying content' in its place on the server and in the browser
 * alike (React's error boundaries do not run in server rendering), and the
 * rest of the page stays.
 */
import type { ReactNode } from "react";
import { cn } from "../ui/cn";
import { renderInline } from "./markup";
import { normalizeContent, type Section } from "./sections";

export const CONTENT_ERROR = "Error displaying content";

const BULLET = /^\s*(?:[-*•])\s+/;

/** Content text: blank lines split paragraphs, bullet lines (-, *, •) make a list; inline markup throughout. */
function richText(text: string, keyPrefix: string): ReactNode[] {
  const blocks: ReactNode[] = [];
  let paragraph: string[] = [];
  let bullets: string[] = [];
  const flush = () => {
    if (paragraph.length) blocks.push(<p key={`${keyPrefix}p${blocks.length}`}>{renderInline(paragraph.join(" "))}</p>);
    if (bullets.length)
      blocks.push(
        <ul key={`${keyPrefix}u${blocks.length}`} className="list-disc space-y-2 pl-6 marker:text-brand-500">
          {bullets.map((b, i) => (
            <li key={i}>{renderInline(b)}</li>
          ))}
        </ul>,
      );
    paragraph = [];
    bullets = [];
  };
  for (const line of text.split("\n")) {
    if (!line.trim()) flush();
    else if (BULLET.test(line)) {
      if (paragraph.length) flush();
      bullets.push(line.replace(BULLET, ""));
    } else {
      if (bullets.length) flush();
      paragraph.push(line.trim());
    }
  }
  flush();
  return blocks;
}

const headingClass = {
  2: "pt-4 text-2xl font-bold tracking-tight text-ink",
  3: "pt-2 text-xl font-bold text-ink",
  4: "text-lg font-semibold text-ink",
};

function heading(level: 2 | 3 | 4, text: string, key?: string): ReactNode {
  const Tag = `h${level}` as const;
  return (
    <Tag key={key} className={headingClass[level]}>
      {renderInline(text)}
    </Tag>
  );
}

function ContentError() {
  return (
    <p role="alert" className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-base text-amber-900">
      {CONTENT_ERROR}
    </p>
  );
}

function renderSection(s: Section, i: number): ReactNode {
  switch (s.type) {
    case "paragraph":
      return (
        <div key={i} className="space-y-5">
          {richText(s.text, `s${i}`)}
        </div>
      );
    case "heading":
      return heading(s.level, s.text, `s${i}`);
    case "list": {
      const List = s.ordered ? "ol" : "ul";
      return (
        <List key={i} className={cn("space-y-2 pl-6", s.ordered ? "list-decimal" : "list-disc marker:text-brand-500")}>
          {s.items.map((item, j) => (
            <li key={j}>{renderInline(item)}</li>
          ))}
        </List>
      );
    }
    case "introduction":
    case "section":
    case "conclusion":
      return (
        <section key={i} className={cn("space-y-5", s.type === "introduction" && "text-xl leading-9 text-slate-800")}>
          {s.heading ? heading(2, s.heading) : null}
          {richText(s.content, `s${i}`)}
          {s.subsections.map((sub, j) => (
            <div key={j} className="space-y-4">
              {sub.subheading ? heading(3, sub.subheading) : null}
              {richText(sub.content, `s${i}-${j}`)}
            </div>
          ))}
        </section>
      );
    case "cta":
      return (
        <aside key={i} className="rounded-2xl border border-brand-200 bg-brand-50 px-6 py-5 text-ink">
          {s.heading ? <p className="text-lg font-bold">{renderInline(s.heading)}</p> : null}
          <div className="space-y-3">{richText(s.content, `s${i}`)}</div>
        </aside>
      );
    case "image":
      return (
        <figure key={i} className="space-y-2">
          <img
            src={s.src}
            alt={s.alt}
            width={s.width}
            height={s.height}
            // The first section may be above the fold; any later image loads when it comes near.
            loading={i === 0 ? "eager" : "lazy"}
            decoding="async"
            className="h-auto w-full rounded-xl border border-slate-200 bg-slate-50"
          />
          {s.caption ? <figcaption className="text-center text-sm text-slate-600">{renderInline(s.caption)}</figcaption> : null}
        </figure>
      );
    case "invalid":
      return <ContentError key={i} />;
  }
}

/** Renders stored content (any shape) as the visitor sees it. */
export function StructuredContent({ content, className }: { content: unknown; className?: string }) {
  let sections: Section[];
  try {
    sections = normalizeContent(content);
  } catch {
    sections = [{ type: "invalid", reason: "unreadable content" }];
  }
  return (
    <div className={cn("space-y-5 text-lg leading-8 text-slate-700", className)} data-structured-content>
      {sections.map((s, i) => {
        try {
          return renderSection(s, i);
        } catch (error) {
          console.error("A content section failed to render", error);
          return <ContentError key={i} />;
        }
      })}
    </div>
  );
}

/**
 * Free text in the content's markup (paragraphs, `- ` lists, **bold**, [links]):
 * admins' notes on a person. Parsed into React elements like every section,
 * so whatever was typed is shown as text.
 */
export function RichText({ text, className }: { text: string; className?: string }) {
  return <div className={cn("space-y-2", className)}>{richText(text, "rt")}</div>;
}
