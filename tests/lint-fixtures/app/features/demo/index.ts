import { internal } from "./internal";

export const demo: string = `demo:${internal}`;
