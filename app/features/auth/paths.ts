/** The admin's sign-in and account addresses (browser and server alike). */
export const LOGIN_PATH = "/admin/login";
export const TWO_FACTOR_PATH = "/admin/login/two-factor";
export const DASHBOARD_PATH = "/admin/dashboard";
export const ACCOUNT_PATH = "/admin/account";
export const TWO_FACTOR_SETUP_PATH = "/admin/account/two-factor";
export const FORGOT_PASSWORD_PATH = "/admin/forgot-password";
export const TEAM_PATH = "/admin/team";
/** Where the emailed links of a password reset and an invitation lead. */
export const RESET_PATH = "/admin/reset-password";
export const INVITATION_PATH = "/admin/invitation";
