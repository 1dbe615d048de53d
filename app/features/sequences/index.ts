/** The follow-up sequences' browser-safe module: merge fields, the forms' schemas, the dashboard's pages and the person page's block. */
export { fillMergeFields, markupValue, MERGE_FIELDS, sequenceStepSchema, unknownMergeFields, type SequenceStep } from "./merge";
export { sequenceSaveSchema, sequencePreviewSchema, followUpActionSchema } from "./sequence.schema";
export { SEQUENCES_MESSAGES, SEQUENCES_PATH, sequencePath } from "./sequences.messages";
export { FollowUpEmails } from "./FollowUpEmails";
export { SequencePage } from "./SequencePage";
export { SequencesList } from "./SequencesList";
