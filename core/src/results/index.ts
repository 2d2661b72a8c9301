export * from './certificate';
export * from './selection-rules';
export * from './select-candidates';
export * from './previous-selections';
export * from './certificate-schemas';
export * from './selection-forms';
