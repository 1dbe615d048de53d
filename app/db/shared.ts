/**
 * Values that both the schema and the code need, kept beside the schema (and free of drizzle, so client code can
 * import them): the events a notification destination can receive and its kinds, and what a sealed column holds.
 */

/** The events a notification destination can receive, shared by the schema, the settings form and the pipeline. */
export const alertEvents = [
  "person.created",
  "submission.created",
  "person.status_changed",
  "question.submitted",
  "meeting.booked",
] as const;
export type AlertEvent = (typeof alertEvents)[number];
export const destinationKinds = ["slack", "webhook"] as const;
export type DestinationKind = (typeof destinationKinds)[number];

/** A column value as stored: sealed, or (rows from before encryption) in clear. Written only through `seal` (app/lib/encryption.server.ts). */
export type Sealed = string & { readonly __sealed: true };
