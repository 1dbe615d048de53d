/** The broadcasts feature's public module (browser and server): the admin pages and their paths. */
export { BroadcastPage, BroadcastsList } from "./BroadcastsAdmin";
export { BROADCAST_MESSAGES, BROADCASTS_PATH } from "./broadcasts.messages";
