// The production entry: configuration from the environment, the API and the built front ends.
import { ConfigError, parseConfig } from './config';
import { runServer } from './server';
import { closeOnSignal, formatStartBanner } from './start-banner';

try {
  const server = await runServer(parseConfig(process.env), { inMemory: false });
  console.log(formatStartBanner(server));
  closeOnSignal(server);
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(2);
}
