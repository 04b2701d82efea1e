export * from './jobs';
export * from './runner';
export * from './scheduled';
export * from './usage';
export * from './invoice';
export * from './workers';
