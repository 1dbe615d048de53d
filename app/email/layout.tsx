import type { ReactNode } from "react";
import type { EmailContext } from "./template";

const styles = {
  body: { margin: 0, padding: "24px 0", background: "#f4f5f7", fontFamily: "Helvetica, Arial, sans-serif", color: "#1f2937" },
  card: { maxWidth: 560, margin: "0 auto", background: "#ffffff", borderRadius: 12, padding: 32 },
  brand: { fontSize: 18, fontWeight: 700, color: "#4338ca", margin: "0 0 24px" },
  footer: { maxWidth: 560, margin: "16px auto 0", fontSize: 12, color: "#6b7280", textAlign: "center" as const },
};

/** The shared frame of every email: brand, card, footer. */
export function EmailLayout({
  preview,
  ctx,
  unsubscribeUrl,
  postalAddress,
  children,
}: {
  preview: string;
  ctx: EmailContext;
  /** A list's email: the visible unsubscribe link under the card. */
  unsubscribeUrl?: string;
  /** The sender's postal address, under a list's email (POSTAL_ADDRESS). */
  postalAddress?: string;
  children: ReactNode;
}) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
      </head>
      <body style={styles.body}>
        <div style={{ display: "none", maxHeight: 0, overflow: "hidden" }}>{preview}</div>
        <div style={styles.card}>
          <p style={styles.brand}>Founder Leads</p>
          {children}
        </div>
        <p style={styles.footer}>
          Founder Leads · <a href={ctx.siteUrl}>{ctx.siteUrl.replace(/^https?:\/\//, "")}</a> · Questions?{" "}
          <a href={`mailto:${ctx.contactEmail}`}>{ctx.contactEmail}</a>
        </p>
        {unsubscribeUrl ? (
          <p style={styles.footer}>
            You get this email because you signed up on our site. <a href={unsubscribeUrl}>Unsubscribe</a>
          </p>
        ) : null}
        {postalAddress ? <p style={styles.footer}>{postalAddress}</p> : null}
      </body>
    </html>
  );
}

/** Labelled values in a team notice: a table in the HTML part… */
export function DetailsTable({ rows }: { rows: readonly (readonly [string, string])[] }) {
  return (
    <table cellPadding={6} style={{ borderCollapse: "collapse", width: "100%" }}>
      <tbody>
        {rows.map(([k, v]) => (
          <tr key={k} style={{ borderTop: "1px solid #e2e8f0", verticalAlign: "top" }}>
            <td style={{ color: "#64748b", whiteSpace: "nowrap" }}>{k}</td>
            <td style={{ whiteSpace: "pre-wrap" }}>{v}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** …and `Label: value` lines in the text part. */
export const detailLines = (rows: readonly (readonly [string, string])[]) => rows.map(([k, v]) => `${k}: ${v}`);
