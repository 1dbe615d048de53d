/** Q&A queries: the public list (FTS5 search), detail, related, views, and new questions. */
import type { VisitSource } from "~/lib/visit-source";
import type { StampClaim } from "~/lib/form-guard.server";
import type { EdgeRateLimitRule } from "~/lib/rate-limit.server";
import { qaSubmissions } from "~/db/schema";
import { outboxDraft } from "~/email/outbox.server";
import type { AlertEventDraft } from "~/email/events.server";
import { storeAndNotify } from "~/features/submissions/index.server";
import { paged, type Paged } from "~/lib/pagination";
import { slugify, uniqueSlug } from "~/lib/slug";
import { isUniqueViolation } from "~/lib/unique.server";
import { qaAlertEmail } from "./qa.emails";
import { QA_CATEGORIES, QA_PAGE_SIZE, type QaCategory, type QaSort, type QuestionInput } from "./qa.schema";
import { toFtsQuery } from "./search";

export const QA_RATE_LIMIT: EdgeRateLimitRule = { name: "qa-submit", binding: "STRICT_FORM_RATE_LIMITER", periodSeconds: 60 };

export interface QaListParams {
  q: string;
  category: QaCategory | null;
  sort: QaSort;
  page: number;
}

export function parseListParams(url: URL): QaListParams {
  const category = url.searchParams.get("category");
  const sort = url.searchParams.get("sort");
  const page = Number.parseInt(url.searchParams.get("page") ?? "1", 10);
  return {
    q: (url.searchParams.get("q") ?? "").slice(0, 200),
    category: QA_CATEGORIES.some((c) => c.value === category) ? (category as QaCategory) : null,
    sort: sort === "popular" || sort === "featured" ? sort : "recent",
    page: Number.isFinite(page) && page >= 1 ? Math.min(page, 10_000) : 1,
  };
}

export interface QaCard {
  id: string;
  title: string;
  slug: string;
  category: QaCategory;
  isFeatured: boolean;
  viewCount: number;
  createdAt: number;
  questionExcerpt: string;
  answerExcerpt: string | null;
}

const excerpt = (text: string | null, length: number) =>
  text === null ? null : text.length > length ? `${text.slice(0, length).trimEnd()}…` : text;

type Row = {
  id: string;
  title: string;
  slug: string;
  category: QaCategory;
  is_featured: number;
  view_count: number;
  created_at: number;
  question: string;
  answer: string | null;
};

const toCard = (r: Row): QaCard => ({
  id: r.id,
  title: r.title,
  slug: r.slug,
  category: r.category,
  isFeatured: Boolean(r.is_featured),
  viewCount: r.view_count,
  createdAt: r.created_at,
  questionExcerpt: excerpt(r.question, 150)!,
  answerExcerpt: excerpt(r.answer, 100),
});

/** Published questions, filtered, searched (ranked by relevance), sorted and paginated. */
export async function listPublished(env: Env, params: QaListParams): Promise<Paged<QaCard>> {
  const fts = toFtsQuery(params.q);
  const from = fts
    ? "FROM qa_fts JOIN qa_submissions q ON q.rowid = qa_fts.rowid WHERE qa_fts MATCH ?1 AND q.status = 'published'"
    : "FROM qa_submissions q WHERE ?1 IS NULL AND q.status = 'published'";
  const where = `${from} AND (?2 IS NULL OR q.category = ?2)`;
  const order =
    params.sort === "popular"
      ? "q.view_count DESC, q.created_at DESC"
      : params.sort === "featured"
        ? "q.is_featured DESC, q.created_at DESC"
        : fts
          ? "bm25(qa_fts, 10.0, 4.0, 1.0), q.created_at DESC"
          : "q.created_at DESC";
  const columns =
    "q.id, q.title, q.slug, q.category, q.is_featured, q.view_count, q.created_at, substr(q.question, 1, 160) AS question, substr(q.answer, 1, 110) AS answer";
  const [rows, count] = await env.DB.batch([
    env.DB.prepare(`SELECT ${columns} ${where} ORDER BY ${order}, q.id LIMIT ?3 OFFSET ?4`).bind(
      fts,
      params.category,
      QA_PAGE_SIZE,
      (params.page - 1) * QA_PAGE_SIZE,
    ),
    env.DB.prepare(`SELECT count(*) AS n ${where}`).bind(fts, params.category),
  ]);
  return paged((rows!.results as Row[]).map(toCard), (count!.results[0] as { n: number }).n, params.page, QA_PAGE_SIZE);
}

interface QaDetail {
  id: string;
  title: string;
  slug: string;
  question: string;
  answer: string | null;
  category: QaCategory;
  isFeatured: boolean;
  viewCount: number;
  createdAt: number;
}

const DETAIL_COLUMNS = "id, title, slug, question, answer, category, is_featured, view_count, created_at";
const CARD_COLUMNS =
  "id, title, slug, category, is_featured, view_count, created_at, substr(question, 1, 160) AS question, substr(answer, 1, 110) AS answer";

/**
 * A published question and up to 3 others of its category (newest first),
 * in one round trip: the related ones find the category through the slug.
 */
export async function getQuestionPage(env: Env, slug: string): Promise<{ question: QaDetail; related: QaCard[] } | null> {
  const [detail, related] = await env.DB.batch<Row>([
    env.DB.prepare(`SELECT ${DETAIL_COLUMNS} FROM qa_submissions WHERE slug = ?1 AND status = 'published'`).bind(slug),
    env.DB.prepare(
      `SELECT ${CARD_COLUMNS} FROM qa_submissions
       WHERE status = 'published' AND slug != ?1
         AND category = (SELECT category FROM qa_submissions WHERE slug = ?1 AND status = 'published')
       ORDER BY created_at DESC LIMIT 3`,
    ).bind(slug),
  ]);
  const r = detail!.results[0];
  if (!r) return null;
  return {
    question: {
      id: r.id,
      title: r.title,
      slug: r.slug,
      question: r.question,
      answer: r.answer,
      category: r.category,
      isFeatured: Boolean(r.is_featured),
      viewCount: r.view_count,
      createdAt: r.created_at,
    },
    related: related!.results.map(toCard),
  };
}

/** One more view, atomically in SQL. Failures are logged only. */
export async function countView(env: Env, id: string): Promise<void> {
  try {
    await env.DB.prepare("UPDATE qa_submissions SET view_count = view_count + 1 WHERE id = ?1 AND status = 'published'").bind(id).run();
  } catch (error) {
    console.error("Counting a Q&A view failed", error);
  }
}

/**
 * Views of question pages served from the edge cache, counted in the queue's consumer: one statement per question,
 * however many views it had, all in one batch (ADR 0020).
 */
export async function addViews(env: Env, views: Map<string, number>): Promise<void> {
  const statements = [...views].map(([id, n]) =>
    env.DB.prepare("UPDATE qa_submissions SET view_count = view_count + ?2 WHERE id = ?1 AND status = 'published'").bind(id, n),
  );
  if (statements.length > 0) await env.DB.batch(statements);
}

/**
 * Stores a new question as pending, with a unique slug, and queues the alert to the team. `stamp`: the
 * post's claim on its form stamp (no Turnstile token), recorded in the same batch.
 */
export async function submitQuestion(
  env: Env,
  input: QuestionInput,
  stamp: StampClaim | null,
  source: VisitSource,
): Promise<{ id: string; slug: string }> {
  const base = slugify(input.title);
  for (let attempt = 0; attempt < 3; attempt++) {
    // `base` or `base-…`, as a range (D1 refuses LIKE patterns over 50 bytes; slugs run to 80).
    const { results } = await env.DB.prepare("SELECT slug FROM qa_submissions WHERE slug = ?1 OR (slug > ?2 AND slug < ?3)")
      .bind(base, `${base}-`, `${base}.`)
      .all<{ slug: string }>();
    const slug =
      attempt === 0
        ? uniqueSlug(
            base,
            results.map((r) => r.slug),
          )
        : `${base}-${crypto.randomUUID().slice(0, 6)}`;
    const id = crypto.randomUUID();
    const alert = outboxDraft(qaAlertEmail, env.NOTIFY_TO, {
      title: input.title,
      question: input.question,
      category: input.category,
      submitterName: input.submitterName ?? null,
      submitterEmail: input.submitterEmail ?? null,
      submissionId: id,
    });
    try {
      await storeAndNotify(env, {
        label: "question",
        records: (tx) => [
          tx.insert(qaSubmissions).values({
            id,
            title: input.title,
            question: input.question,
            category: input.category as QaCategory,
            slug,
            status: "pending",
            submitterName: input.submitterName ?? null,
            submitterEmail: input.submitterEmail?.toLowerCase() ?? null,
          }),
        ],
        drafts: [alert],
        // question.submitted for the alert destinations; submission.created comes with the person link, or here without one.
        events: questionEvents(id, slug, input),
        ...(input.submitterEmail
          ? { person: { email: input.submitterEmail, name: input.submitterName ?? null, form: "question" as const, recordId: id, source } }
          : {}),
        stamp,
      });
    } catch (error) {
      // Another question took the slug in between (never this one's own earlier try: the procedure finds that).
      if (isUniqueViolation(error)) continue;
      throw error;
    }
    return { id, slug };
  }
  throw new Error("Could not find a free slug");
}

function questionEvents(id: string, slug: string, input: QuestionInput): AlertEventDraft[] {
  const data = {
    form: "question",
    recordId: id,
    title: input.title,
    category: input.category,
    slug,
    name: input.submitterName ?? null,
    ...(input.submitterEmail ? { email: input.submitterEmail.trim().toLowerCase() } : {}),
  };
  const summary = `New question: ${input.title}`;
  return [
    { type: "question.submitted", summary, data },
    ...(input.submitterEmail ? [] : [{ type: "submission.created" as const, summary: `New question submission: ${input.title}`, data }]),
  ];
}

/** Every published question's slug, for /sitemap.xml (capped; a sitemap holds 50,000 URLs). */
export async function listPublishedQuestionSlugs(env: Env): Promise<{ slug: string; updatedAt: Date }[]> {
  const { results } = await env.DB.prepare(
    "SELECT slug, updated_at FROM qa_submissions WHERE status = 'published' ORDER BY created_at DESC LIMIT 45000",
  ).all<{ slug: string; updated_at: number }>();
  return results.map((r) => ({ slug: r.slug, updatedAt: new Date(r.updated_at) }));
}
