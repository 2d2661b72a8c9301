export * from './master-data';
export * from './users';
