declare module "../../scripts/seed-people.mjs" {
  export function seedPeople(q: (value: unknown) => string, admin: string, now?: number): string[];
}
declare module "../../scripts/seed-insights.mjs" {
  export function seedInsights(q: (value: unknown) => string, now: number): string[];
}
