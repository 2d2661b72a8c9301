export { createApp, MAX_BODY_BYTES, type App, type AppOptions } from './app';
export { parseConfig, ConfigError, type Config } from './config';
export { startServer, runServer, type RunningServer, type StartServerOptions } from './server';
export { prepareDatabase } from './prepare-database';
export { hashPassword } from './auth/passwords';
export { closeOnSignal, formatStartBanner } from './start-banner';
