export { dashboardOverview, secondsToMinutes } from './overview';
export { recentBillingJobs } from './billing-jobs';
export { systemStatus, nameList } from './system-status';
export { currentMonthInZone } from './month';
