/**
 * The demo and development entry of `npm start`: the API with the built portal and
 * workstation, plus the workstation bridge so the staff screens work in a plain browser.
 * Production runs api/src/main.ts, which has no bridge.
 */
import { closeOnSignal, ConfigError, formatStartBanner, parseConfig, runServer } from '@psc/api';
import { createBridgeApp } from '@psc/desktop/bridge';

try {
  const server = await runServer(parseConfig(process.env), {
    inMemory: false,
    mounts: [{ path: '/staff/bridge', app: createBridgeApp() }],
  });
  console.log(formatStartBanner(server));
  closeOnSignal(server);
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(2);
}
