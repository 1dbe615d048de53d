/** The follow-up sequences' browser-safe module: the merge fields and the step schema shared by editor and action. */
export { fillMergeFields, markupValue, MERGE_FIELDS, sequenceStepSchema, unknownMergeFields, type SequenceStep } from "./merge";
