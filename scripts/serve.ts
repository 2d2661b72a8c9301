/**
 * The demo and development entry of `npm start`: the API with the built portal and
 * workstation, plus the workstation bridge so the staff screens work in a plain browser.
 * Production runs api/src/main.ts, which has no bridge.
 */
import { closeOnSignal, ConfigError, formatStartBanner, parseConfig, runServer } from '@psc/api';
import { createBridgeApp } from '@psc/desktop/bridge';

try {
  const config = parseConfig(process.env);
  const server = await runServer(config, {
    inMemory: false,
    mounts: [{ path: '/staff/bridge', app: createBridgeApp() }],
  });
  console.log(formatStartBanner(server));
  // Without a real gateway (ESEWA_FORM_URL), the eSewa sandbox stands in on the product's own origin.
  if (!config.esewa.formUrl) console.log(`Online payments go to the eSewa sandbox at ${config.publicUrl}/payment-sandbox (no money moves).`);
  closeOnSignal(server);
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(2);
}
