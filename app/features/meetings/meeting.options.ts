/** The meetings' labels, shared by the dashboard's calls, the person page and the digest (browser and server). */
import type { MeetingStatus } from "~/db/schema";

export const MEETING_STATUS_LABELS: Record<MeetingStatus, string> = {
  booked: "Booked",
  rescheduled: "Rescheduled",
  cancelled: "Cancelled",
  held: "Held",
  "no-show": "No-show",
};

export const meetingStatusLabel = (status: string) => MEETING_STATUS_LABELS[status as MeetingStatus] ?? status;

export const meetingTone = (status: string): "danger" | "success" | "brand" =>
  status === "cancelled" || status === "no-show" ? "danger" : status === "held" ? "success" : "brand";
