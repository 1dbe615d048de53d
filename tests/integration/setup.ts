import { applyD1Migrations, env } from "cloudflare:test";
import { installSiteverifyStub } from "./siteverify-stub";

await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
installSiteverifyStub();
