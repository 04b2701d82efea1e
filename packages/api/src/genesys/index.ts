export * from './store';
export * from './service';
