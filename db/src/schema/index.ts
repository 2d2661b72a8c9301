export * from './reference';
export * from './identity';
export * from './audit';
export * from './files';
export * from './messaging';
export * from './classification';
export * from './profile';
export * from './master';
