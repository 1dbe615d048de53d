/** The events a notification destination can receive (issue 24), shared by the schema, the settings form and the pipeline. */
export const alertEvents = ["person.created", "submission.created", "person.status_changed", "question.submitted"] as const;
export type AlertEvent = (typeof alertEvents)[number];
export const destinationKinds = ["slack", "webhook"] as const;
export type DestinationKind = (typeof destinationKinds)[number];
