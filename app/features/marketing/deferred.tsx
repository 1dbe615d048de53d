/**
 * Marketing parts kept out of a page's first load (see components/deferred.tsx):
 * the ROI calculator (further down the home page; without its script it is a
 * plain GET form the server answers) and the error pages (only an error needs them).
 */
import { deferred } from "~/components/deferred";

export const RoiCalculator = deferred(() => import("./RoiCalculator").then((m) => m.RoiCalculator));
export const NotFound = deferred(() => import("./NotFound").then((m) => m.NotFound));
export const ServerError = deferred(() => import("./NotFound").then((m) => m.ServerError));
