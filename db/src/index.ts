export { connect, migrationsFolder } from './connect';
export type { Connection, ConnectOptions, Database, Schema } from './connect';
export * as schema from './schema/index';
