// Demo keywords and store leads: three keywords with 30 to 60 realistic stores each, some of
// them twice (the same store URL in another case or with spaces, as CSV imports produce).
const PREFIX = [
  "Luna",
  "Northwind",
  "Peak",
  "Verde",
  "Brightside",
  "Copper",
  "Harbor",
  "Maple",
  "Nomad",
  "Orchid",
  "Pine",
  "Quill",
  "Rosewood",
  "Saffron",
  "Tidal",
  "Urban",
  "Velvet",
  "Willow",
  "Zen",
  "Aurora",
];
const KIND = {
  bundles: ["Jewelry", "Coffee Roasters", "Skincare", "Candles", "Tea Co."],
  upsell: ["Outfitters", "Home", "Pets", "Kitchen", "Bikes"],
  reviews: ["Apparel", "Beauty", "Supply", "Studio", "Goods"],
};
export const seedKeywords = [
  {
    id: "seed-kw-bundles",
    keyword: "product bundles",
    app: ["Bundle Builder Pro", "Bundler", "Fast Bundle"],
    kind: KIND.bundles,
    count: 48,
  },
  { id: "seed-kw-upsell", keyword: "post-purchase upsell", app: ["Upsell Wizard", "ReConvert", "AfterSell"], kind: KIND.upsell, count: 36 },
  { id: "seed-kw-reviews", keyword: "product reviews", app: ["Judge.me", "Loox", "Okendo"], kind: KIND.reviews, count: 56 },
];
const STATUS = ["On Trial", "On Trial", "On Trial", "Paid", "Churned"];

export function seedLeads() {
  const rows = [];
  const now = Date.now();
  for (const k of seedKeywords) {
    for (let i = 0; i < k.count; i++) {
      const name = `${PREFIX[i % PREFIX.length]} ${k.kind[Math.floor(i / PREFIX.length) % k.kind.length]}`;
      const domain = name.toLowerCase().replace(/[^a-z0-9]+/g, "");
      // Every ninth row repeats the store before it, its URL in capitals with a trailing space.
      const dup = i % 9 === 8 ? rows[rows.length - 1] : null;
      rows.push({
        id: `seed-lead-${k.id}-${i}`,
        keywordId: k.id,
        storeName: dup ? dup.storeName : name,
        storeUrl: dup ? `${dup.storeUrl.toUpperCase()} ` : `https://${domain}.com`,
        email: i % 4 === 3 ? null : `founder@${domain}.com`,
        app: k.app[i % k.app.length],
        status: STATUS[i % STATUS.length],
        createdAt: now - i * 3_600_000,
      });
    }
  }
  return rows;
}
