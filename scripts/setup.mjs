#!/usr/bin/env node
// First-run set-up for local development: a .dev.vars with local secrets.
import { copyFileSync, existsSync } from "node:fs";

if (!existsSync(".dev.vars")) {
  copyFileSync(".dev.vars.example", ".dev.vars");
  console.log("Created .dev.vars from .dev.vars.example (local secrets).");
}
