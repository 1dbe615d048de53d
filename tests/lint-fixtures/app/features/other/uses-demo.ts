import { Badge } from "../../components/ui/Badge";
import { demo } from "../demo";
// lint-expect: boundaries/dependencies
import { internal } from "../demo/internal";
// lint-expect: boundaries/dependencies
import { page } from "../../routes/page";

export const other = `${Badge()} ${demo} ${internal} ${page}`;
