import { consume } from "../../email/consumer.server";
import { helper } from "../../lib/helper";

export const internal: string = `${helper("internal")} ${consume()}`;
