/**
 * Marketing parts kept out of a page's first load (see components/deferred.tsx):
 * the ROI calculator (further down the home page; without its script it is a
 * plain GET form the server answers), the testimonials carousel (below the fold; the server's
 * HTML shows every testimonial until its script arrives) and the error pages (only an error needs them).
 */
import { deferred } from "~/components/deferred";

export const RoiCalculator = deferred(() => import("./RoiCalculator").then((m) => m.RoiCalculator));
export const Testimonials = deferred(() => import("./sections/Testimonials").then((m) => m.Testimonials));
export const NotFound = deferred(() => import("./NotFound").then((m) => m.NotFound));
export const ServerError = deferred(() => import("./NotFound").then((m) => m.ServerError));
