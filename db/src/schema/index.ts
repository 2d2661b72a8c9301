export * from './reference';
export * from './identity';
export * from './audit';
