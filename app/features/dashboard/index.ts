/** The dashboard's public module (browser and server): the admin pages' frame, for the features' admin pages. */
export { AdminFrame, AdminPage, AdminSection, FilterPills, TabHeading } from "./AdminShell";
export { BarChart, DaysBarChart, dayLabel } from "./BarChart";
