/** The Q&A feature's public module (browser and server). */
export { qaResource } from "./qa.resource";
