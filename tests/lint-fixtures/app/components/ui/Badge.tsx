import { helper } from "../../lib/helper";
// lint-expect: boundaries/dependencies
import { demo } from "../../features/demo";

export const Badge = (): string => `${helper("badge")} ${demo}`;
