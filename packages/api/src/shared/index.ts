export * from './customer-profile';
export * from './regions';
export * from './access-control';
export * from './settings';
export * from './genesys';
export * from './billing';
export * from './qbo';
export * from './dashboard';
