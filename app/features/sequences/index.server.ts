/** The follow-up sequences (ADR 0024): enrolment in a form's batch, the cron's engine, the step email, the dashboard's pages. */
export { blockedAddressStatement, cancelledCallEnrolmentStatement, enrolmentStatement } from "./enrol.server";
export { blockFor, marketingBlocks, runSequences, SEQUENCE_BATCH, SEQUENCE_DAILY_CAP, type SequenceRun } from "./engine.server";
export { sequenceEmails, SEQUENCE_STEP_KIND } from "./sequence.emails";
export {
  followUpAction,
  isFollowUpForm,
  loadFollowUps,
  loadSequenceList,
  loadSequencePage,
  sequenceAction,
  type FollowUp,
  type FollowUpActionData,
  type SequenceActionData,
  type SequenceListRow,
  type SequencePageData,
} from "./admin.server";
