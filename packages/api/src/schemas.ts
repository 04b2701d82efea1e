// Browser-safe entry: zod schemas and pure functions shared by the web app and the server.
// Nothing here may import Node, the database or vendor clients.
export * from './shared/auth';
export * from './shared/index';
