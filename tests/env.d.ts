import type { D1Migration } from "cloudflare:test";

declare global {
  namespace Cloudflare {
    interface Env {
      /** Test-only binding: the SQL of migrations/, applied in tests/integration/setup.ts. */
      TEST_MIGRATIONS: D1Migration[];
      /** Test-only binding: an empty D1 that tests/integration/migrations.test.ts migrates itself. */
      MIGRATION_TEST_DB: D1Database;
      /** Test-only binding: a D1 of its own for tests that need the whole admin table to themselves (the last admin). */
      TEAM_TEST_DB: D1Database;
    }
  }
}
