/**
 * The submission domain's public module (server only): the one store-and-notify procedure every form and every
 * other write with emails ends in, and the statements that link a submission to its person.
 */
export { storeAndNotify } from "./store.server";
export { personStatements, type PersonLink } from "./person.server";
