/** The onboarding feature's public module (server only). */
import { onboardingConfirmationEmail, onboardingNoticeEmail } from "./onboarding.emails";

/** The feature's email templates, for the registry the composition root hands to delivery. */
export const onboardingEmails = [onboardingNoticeEmail, onboardingConfirmationEmail];
