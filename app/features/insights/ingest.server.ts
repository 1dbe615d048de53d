/**
 * The queue's consumer of page views (ADR 0023): a delivery of up to 100 views becomes one D1 batch of two
 * statements, whatever its size (each binds two parameters: the views as one JSON text, and the delivery's key).
 *
 * 1. The views go into `insight_views` under their own id (ON CONFLICT DO NOTHING) and the delivery's key: a view
 *    delivered again (a retry after a lost answer, a redelivered batch) is already there and is not written again.
 * 2. The rollups add the rows this delivery wrote, grouped by (day, path, channel, source, campaign, country,
 *    device), once per page (scope `page`) and once for the site (scope `site`, path ''). A view is a new visitor of its page, or of the site,
 *    when no earlier view of the day has its hash (and page). A view with no source of its own (direct, no campaign:
 *    a page after the first, typed or from the site itself) takes the source of its visitor's first view of the day.
 * Both run in one batch (one transaction): all or nothing.
 */
import { ROLLUP_SCOPES, SITE_PATH, type PageViewMessage } from "./views";
import { SOURCE_CHANNELS } from "~/lib/visit-source";
import { D1Meter, meteredD1 } from "~/lib/d1-meter.server";
import { loggable } from "~/lib/log.server";

const DEVICES = new Set(["mobile", "tablet", "desktop"]);
const cap = (value: unknown, max: number) => (typeof value === "string" ? value.slice(0, max) : "");

/** A message body as a view, checked field by field (anything malformed is dropped), or null. */
export function asPageView(body: unknown): PageViewMessage | null {
  if (typeof body !== "object" || body === null) return null;
  const m = body as Record<string, unknown>;
  if (m.kind !== "page-view" || typeof m.id !== "string" || !m.id || m.id.length > 64) return null;
  if (typeof m.day !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(m.day)) return null;
  if (typeof m.visitor !== "string" || !/^[0-9a-f]{16,64}$/.test(m.visitor)) return null;
  if (typeof m.path !== "string" || !m.path || m.path.length > 300) return null;
  if (!SOURCE_CHANNELS.includes(m.channel as PageViewMessage["channel"]) || !DEVICES.has(m.device as string)) return null;
  return {
    kind: "page-view",
    id: m.id,
    day: m.day,
    visitor: m.visitor,
    path: m.path,
    channel: m.channel as PageViewMessage["channel"],
    source: cap(m.source, 253),
    campaign: cap(m.campaign, 100),
    country: cap(m.country, 2),
    device: m.device as PageViewMessage["device"],
  };
}

const STORE_VIEWS = `
  INSERT INTO insight_views (id, day, visitor, path, channel, source, campaign, country, device, batch)
  SELECT json_extract(value, '$.id'), json_extract(value, '$.day'), json_extract(value, '$.visitor'), json_extract(value, '$.path'),
    json_extract(value, '$.channel'), json_extract(value, '$.source'), json_extract(value, '$.campaign'),
    json_extract(value, '$.country'), json_extract(value, '$.device'), ?2
  FROM json_each(?1) WHERE true
  ON CONFLICT (id) DO NOTHING`;

/** A view of its visitor's own source, or none (then the first view's of the day is taken). */
const OWN = `(v.channel <> 'direct' OR v.source <> '' OR v.campaign <> '')`;
const FIRST = `(SELECT min(f.rowid) FROM insight_views f WHERE f.day = v.day AND f.visitor = v.visitor)`;
const KEY = "scope, day, path, channel, source, campaign, country, device";
const PAGE_SCOPES = `'${ROLLUP_SCOPES.page}', '${ROLLUP_SCOPES.pageDay}'`;
const FINE_SCOPES = `'${ROLLUP_SCOPES.page}', '${ROLLUP_SCOPES.site}'`;

/**
 * The delivery's views, each resolved once (a materialized CTE): its source (its own, or its visitor's first of the
 * day), whether it is a page of the site, and whether its visitor is new to the page, and to the site, that day.
 * Then each view adds to up to six rows, one per scope (joined with the list of scopes: D1 allows no compound SELECT
 * of six terms): its fine-grained rollup for the page and for the site, and the day's totals of its page, the site,
 * its source and its campaign (ROLLUP_SCOPES' `day:` scopes), which Insights reads instead of the fine rows. A view
 * that is no page of the site (the popup) adds to its page's rows only; one without a campaign to no campaign's.
 */
const ADD_ROLLUPS = `
  WITH delivered AS MATERIALIZED (
    SELECT v.day, v.path, v.country, v.device,
      CASE WHEN ${OWN} THEN v.channel ELSE f.channel END AS channel,
      CASE WHEN ${OWN} THEN v.source ELSE f.source END AS source,
      CASE WHEN ${OWN} THEN v.campaign ELSE f.campaign END AS campaign,
      substr(v.path, 1, 1) = '/' AS on_site,
      NOT EXISTS (SELECT 1 FROM insight_views e WHERE e.day = v.day AND e.visitor = v.visitor AND e.path = v.path AND e.rowid < v.rowid) AS page_fresh,
      substr(v.path, 1, 1) = '/' AND NOT EXISTS (SELECT 1 FROM insight_views e WHERE e.day = v.day AND e.visitor = v.visitor
        AND substr(e.path, 1, 1) = '/' AND e.rowid < v.rowid) AS site_fresh
    FROM json_each(?1) j JOIN insight_views v ON v.id = json_extract(j.value, '$.id') AND v.batch = ?2
      JOIN insight_views f ON f.rowid = ${FIRST}
  ),
  added AS (
    SELECT s.value AS scope, d.day,
      CASE WHEN s.value IN (${PAGE_SCOPES}) THEN d.path ELSE '${SITE_PATH}' END AS path,
      CASE WHEN s.value IN (${FINE_SCOPES}, '${ROLLUP_SCOPES.sourceDay}') THEN d.channel ELSE '' END AS channel,
      CASE WHEN s.value IN (${FINE_SCOPES}, '${ROLLUP_SCOPES.sourceDay}') THEN d.source ELSE '' END AS source,
      CASE WHEN s.value IN (${FINE_SCOPES}, '${ROLLUP_SCOPES.campaignDay}') THEN d.campaign ELSE '' END AS campaign,
      CASE WHEN s.value IN (${FINE_SCOPES}) THEN d.country ELSE '' END AS country,
      CASE WHEN s.value IN (${FINE_SCOPES}) THEN d.device ELSE '' END AS device,
      CASE WHEN s.value IN (${PAGE_SCOPES}) THEN d.page_fresh ELSE d.site_fresh END AS fresh
    FROM delivered d JOIN json_each('${JSON.stringify(Object.values(ROLLUP_SCOPES))}') s
      ON s.value IN (${PAGE_SCOPES}) OR (d.on_site AND (s.value <> '${ROLLUP_SCOPES.campaignDay}' OR d.campaign <> ''))
  )
  INSERT INTO insight_rollups (${KEY}, views, visitors)
  SELECT ${KEY}, count(*), sum(fresh) FROM added WHERE true GROUP BY ${KEY}
  ON CONFLICT (${KEY}) DO UPDATE SET views = views + excluded.views, visitors = visitors + excluded.visitors`;

/** Adds views to the rollups: one batch of two statements. Returns the statements run (0 for no views). */
export async function ingestViews(db: D1Database, views: readonly PageViewMessage[]): Promise<number> {
  if (views.length === 0) return 0;
  const json = JSON.stringify(views);
  const batch = crypto.randomUUID();
  await db.batch([db.prepare(STORE_VIEWS).bind(json, batch), db.prepare(ADD_ROLLUPS).bind(json, batch)]);
  return 2;
}

/**
 * The consumer of VIEWS_QUEUE: the delivery's views in one `ingestViews`, then every message acked; a failure asks
 * for the whole delivery again (the views already stored are not counted twice). Malformed messages are dropped.
 * Each delivery logs its views and the D1 statements it made, counted at the binding (`npm run bench:insights`
 * reads them: statements per 1,000 views).
 */
export async function handleViewBatch(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  const views: PageViewMessage[] = [];
  for (const message of batch.messages) {
    const view = asPageView(message.body);
    if (view) views.push(view);
    else console.error("Views queue: dropping a malformed message", JSON.stringify(message.body).slice(0, 200));
  }
  try {
    const meter = new D1Meter();
    await ingestViews(meteredD1(env.DB as unknown as D1DatabaseSession, meter), views);
    console.log(`Views queue: ${views.length} views counted in ${meter.statements} D1 statements`);
    batch.ackAll();
  } catch (error) {
    console.error(`Adding ${views.length} page views failed; retrying`, loggable(error));
    batch.retryAll({ delaySeconds: 30 });
  }
}
