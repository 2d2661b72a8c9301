export * from './advertisement';
export * from './master-data';
export * from './promotion';
export * from './relevance';
export * from './users';
export * from './requisition';
export * from './distribution';
export * from './payment';
