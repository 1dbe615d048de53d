/** The meetings feature's public module (browser and server): the dashboard's calls and the meetings' labels. */
export { CallsPanel } from "./CallsPanel";
export { MEETING_STATUS_LABELS, meetingStatusLabel, meetingTone } from "./meeting.options";
