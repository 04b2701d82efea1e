export * from './customer-profile';
export * from './access-control';
export * from './settings';
