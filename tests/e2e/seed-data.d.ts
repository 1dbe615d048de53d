declare module "../../scripts/seed-data.mjs" {
  export const DEMO_ADMIN: { email: string; password: string };
  export function seedStatements(): string[];
}
