export * from './certificate';
