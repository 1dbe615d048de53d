/**
 * The layout's lead-capture parts, out of every page's first load (see
 * components/deferred.tsx): the waitlist banner and the footer's newsletter
 * form (with the form library behind them), and the lead-magnet popup, which
 * only shows after a few seconds anyway. Also the playbooks hub's premium access
 * dialog, hidden until a visitor asks for it.
 */
import { deferred } from "~/components/deferred";

export const WaitlistBanner = deferred(() => import("./WaitlistBanner").then((m) => m.WaitlistBanner));
export const NewsletterForm = deferred(() => import("./NewsletterForm").then((m) => m.NewsletterForm));
export const LeadMagnetPopup = deferred(() => import("./LeadMagnetPopup").then((m) => m.LeadMagnetPopup));
export const PremiumAccessDialog = deferred(() => import("./PremiumAccessForm").then((m) => m.PremiumAccessDialog));
