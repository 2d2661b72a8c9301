// The production entry: configuration from the environment, the API and the built front ends.
import cluster from 'node:cluster';
import { runApiWorker, runApiWorkers } from './api-workers';
import { ConfigError, parseConfig } from './config';
import { runServer } from './server';
import { closeOnSignal, formatStartBanner } from './start-banner';

try {
  const config = parseConfig(process.env);
  if (config.apiWorkers > 1 && cluster.isPrimary) await runApiWorkers(config);
  else if (cluster.isWorker) await runApiWorker(config);
  else {
    const server = await runServer(config, { inMemory: false });
    console.log(formatStartBanner(server));
    closeOnSignal(server);
  }
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(2);
}
