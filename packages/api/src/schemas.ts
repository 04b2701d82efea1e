// Browser-safe entry: zod schemas and pure functions shared by the web app and the server.
// Nothing here may import Node, the database or vendor clients.
export * from './shared/auth';
export * from './shared/index';
// The rate-plan editor's live example prices with rating's own pure rules.
export { exampleCost, type TExampleInteraction } from './domain/rate-plan-example';
// The web app shows instants in the company timezone with the calendar's own wall-clock reading.
export { dateTimeInZone } from './domain/calendar';
