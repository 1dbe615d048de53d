/** The privacy feature's public module (browser and server): the notice every form that collects personal data shows. */
export { FOLLOW_UP_FORMS, PRIVACY_NOTICE } from "./notice";
export { PrivacyNotice } from "./PrivacyNotice";
