export * from './profile-dto';
export * from './profiles';
export * from './list-profiles';
export * from './schedule';
export * from './stats';
export * from './demo';
export * from './queue-suggestions';
