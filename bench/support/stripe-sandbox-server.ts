// The Stripe sandbox as a process of its own, set up as the app sets up its embedded one
// (apps/api/src/runtime/payments.ts): its state kept in a file of a snapshot and a journal of changes,
// and every change answered only once the write holding it is on disk. The app reaches it as it would reach Stripe (STRIPE_API_BASE with
// STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET), so a bench can read the sandbox's CPU apart from the app's.
// Settings from the environment: PORT (0: any free port), SANDBOX_SECRET_KEY, SANDBOX_WEBHOOK_SECRET,
// SANDBOX_WEBHOOK_URL (the app's /api/stripe/webhook), SANDBOX_STATE_PATH (the state's file).
// Prints one line `listening <url>` once it takes requests; SIGTERM closes it (the last changes written).
// Run: npx tsx bench/support/stripe-sandbox-server.ts
import type { AddressInfo } from 'node:net';
import express from 'express';
import { createStripeSandbox } from '@causeway/adapters/stripe/stripe.sandbox';
import { savedRouter } from '@causeway/adapters/system/answer-when-saved';
import { keepJournal } from '@causeway/adapters/system/json-journal';

const required = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
};

const log = {
  info: () => undefined,
  warn: (fields: object, message: string) => console.error(message, fields),
  error: (fields: object, message: string) => console.error(message, fields),
};

const sandbox = createStripeSandbox({
  secretKey: required('SANDBOX_SECRET_KEY'),
  webhookSecret: required('SANDBOX_WEBHOOK_SECRET'),
  onDeliveryGivenUp: (attempt) => console.error('A webhook was given up on after its last attempt', attempt),
});
const snapshot = keepJournal({
  path: required('SANDBOX_STATE_PATH'),
  subject: sandbox,
  name: 'Stripe sandbox',
  log,
});
const app = express();
app.disable('x-powered-by');
app.use(savedRouter(sandbox.router, snapshot.writer, 'Stripe sandbox', log));
const server = app.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  sandbox.configure({ baseUrl: url, webhookUrl: required('SANDBOX_WEBHOOK_URL') });
  console.log(`listening ${url}`);
});
// As the app's own server keeps connections (Node's default would drop an idle one after 5 s).
server.keepAliveTimeout = 65_000;

const close = () => {
  sandbox.close();
  server.closeAllConnections();
  server.close();
  void snapshot.close().then(() => process.exit(0));
};
process.once('SIGTERM', close);
process.once('SIGINT', close);
