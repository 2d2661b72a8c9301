export { createApp, MAX_BODY_BYTES, type App, type AppOptions } from './app';
export { parseConfig, ConfigError, type Config } from './config';
export { startServer, runServer, type RunningServer, type StartServerOptions } from './server';
export { prepareDatabase } from './prepare-database';
export { hashPassword } from './auth/passwords';
export { closeOnSignal, formatStartBanner } from './start-banner';
// The e2e tests seed candidates' pictures into a running product the way the demo does.
export { createSeedFileStore } from './files/store-seed-file';
export { dataDirFileStorage } from './files/file-storage';
