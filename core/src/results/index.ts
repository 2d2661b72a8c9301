export * from './certificate';
export * from './certificate-schemas';
