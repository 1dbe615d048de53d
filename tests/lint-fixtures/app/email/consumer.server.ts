import { table } from "../db/schema";
// lint-expect: boundaries/dependencies
import { demo } from "../features/demo";

export const consume = (): string => `${table} ${demo}`;
