import { defineConfig } from "drizzle-kit";

// drizzle-kit only generates SQL into migrations/; wrangler applies it
// (`npm run db:migrate` locally, `npm run db:migrate:remote` in production).
export default defineConfig({
  dialect: "sqlite",
  schema: "./app/db/schema.ts",
  out: "./migrations",
});
