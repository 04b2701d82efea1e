export * from './job-queues';
export * from './job-definitions';
export * from './job-views';
export * from './start-job';
export * from './run-job';
export * from './scheduled-runs';
export * from './invoice-body';
export * from './kill-switch';
