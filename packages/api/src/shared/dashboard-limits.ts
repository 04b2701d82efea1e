// How much the dashboard shows: plain values, no zod, so the dashboard screen does not download
// the schema library (issue 14).
export const DASHBOARD_JOBS_LIMIT = 10;
export const DASHBOARD_SCHEDULE_CARDS = 6;
