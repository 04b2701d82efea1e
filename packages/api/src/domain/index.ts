export * from './calendar';
export * from './billing-period';
export * from './schedule';
export * from './decimal';
export * from './rating';
