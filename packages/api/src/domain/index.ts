export * from './calendar';
export * from './billing-period';
export * from './schedule';
export * from './decimal';
export * from './rating';
export * from './day-ranges';
export * from './claim-boxes';
export * from './period-charge';
