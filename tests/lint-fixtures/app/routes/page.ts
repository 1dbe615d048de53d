import { internal } from "../features/demo/internal";

export const page = `page:${internal}`;
