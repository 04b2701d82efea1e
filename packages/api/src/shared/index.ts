export * from './customer-profile';
