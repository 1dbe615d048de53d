// lint-expect: boundaries/dependencies
import { helper } from "../lib/helper";

export const table = helper("table");
