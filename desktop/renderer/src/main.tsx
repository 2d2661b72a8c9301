import './zod-without-eval';

// The workstation's screens share one chunk with core's schemas, and a chunk imported
// statically runs before the body of the module that imports it: zod must be configured
// before any schema is built, so the app is imported only once it is.
await import('./start-app');
