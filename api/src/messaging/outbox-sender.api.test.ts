import { schema } from '@psc/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastMailTo, newRegistration, readTemporaryPassword, register } from '../account/account.test-support';
import { createLogger } from '../logger';
import { startServer } from '../server';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { MAX_SEND_ATTEMPTS } from './drain-outbox';
import { startOutboxSender, type OutboxSender } from './outbox-sender';
import { queueMail } from './queue-mail';
import { JOB_LOCK_KEYS, runWithJobLock } from './run-with-job-lock';
import { decodeMailText, startSmtpSink, type SmtpSink } from './sinks.test-support';

// The sender job against a real SMTP server on loopback (smtp-server): what the candidate's mail
// server would receive.

let t: TestApp;
let smtp: SmtpSink;
let sender: OutboxSender;
const logLines: string[] = [];
beforeAll(async () => {
  t = await createTestApp({ mailFrom: 'Lok Sewa Test <no-reply@psc.example.np>' });
  smtp = await startSmtpSink();
  sender = startOutboxSender({
    connection: t.deps.connection,
    config: { ...t.deps.config, smtpUrl: smtp.url, outboxSenderIntervalSeconds: 3600 },
    logger: createLogger('info', { write: (line: string) => void logLines.push(line) }),
  });
});
afterAll(async () => {
  await sender.stop();
  await smtp.close();
  await t.close();
});

describe('the mail sender job', () => {
  it('delivers the temporary-password mail over SMTP; the password read from it signs the candidate in', async () => {
    const { input } = await register(t);
    const run = await sender.runOnce();
    expect(run).toMatchObject({ ran: true, mail: { failed: 0 } });
    const delivered = smtp.received.filter((mail) => mail.to.includes(input.email));
    expect(delivered).toHaveLength(1);
    expect(delivered[0]!.from).toBe('no-reply@psc.example.np');
    const text = decodeMailText(delivered[0]!.raw);
    expect(text).toContain('अस्थायी पासवर्ड');
    const password = readTemporaryPassword(text);
    // Sent once: the next run finds nothing to send.
    expect((await sender.runOnce()).mail).toMatchObject({ sent: 0, failed: 0 });
    expect(smtp.received.filter((mail) => mail.to.includes(input.email))).toHaveLength(1);

    const session = await t.signIn(input.username, password);
    expect((await t.call('GET', '/api/psc/dashboard', { token: session.accessToken })).body.code).toBe('PASSWORD_CHANGE_REQUIRED');
    const stored = await lastMailTo(t, input.email, 'temporary-password');
    expect(stored.sentAt).not.toBeNull();

  });

  it('counts a refused attempt, backs off, and delivers on a later run', async () => {
    await sender.runOnce();
    const id = await queueMail(t.db, { to: 'backoff@example.com', subject: 'S', bodyText: 'B', kind: 'password-notice' });
    smtp.refuseNext(1);
    expect((await sender.runOnce()).mail).toMatchObject({ sent: 0, failed: 1 });
    const [failed] = await t.db.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.id, id));
    expect(failed).toMatchObject({ sentAt: null, attempts: 1 });
    expect(failed!.lastError).toMatch(/451|mailbox busy/);
    expect(failed!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
    // Not due yet: the next run leaves it alone.
    expect((await sender.runOnce()).mail).toMatchObject({ sent: 0, failed: 0 });
    await t.db.update(schema.mailOutbox).set({ nextAttemptAt: sql`now()` }).where(eq(schema.mailOutbox.id, id));
    expect((await sender.runOnce()).mail).toMatchObject({ sent: 1, failed: 0 });
    const [sent] = await t.db.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.id, id));
    expect(sent).toMatchObject({ attempts: 2, lastError: null });
    expect(sent!.sentAt).not.toBeNull();
  });

  it('gives up after the last attempt, leaving the mail for staff to see', async () => {
    await sender.runOnce();
    const id = await queueMail(t.db, { to: 'gave-up@example.com', subject: 'S', bodyText: 'B', kind: 'password-notice' });
    await t.db.update(schema.mailOutbox).set({ attempts: MAX_SEND_ATTEMPTS }).where(eq(schema.mailOutbox.id, id));
    expect((await sender.runOnce()).mail).toMatchObject({ sent: 0, failed: 0 });
    expect(smtp.received.some((mail) => mail.to.includes('gave-up@example.com'))).toBe(false);
  });

  it('never writes a password, a link token or a body to the log', async () => {
    const { input } = await register(t);
    await t.call('POST', '/api/psc/account/forgot-password', { json: { login: input.username } });
    await sender.runOnce();
    const temporary = readTemporaryPassword((await lastMailTo(t, input.email, 'temporary-password')).bodyText);
    const link = (await lastMailTo(t, input.email, 'password-reset')).bodyText.match(/change\/password\/([\w-]+)/)![1]!;
    const log = logLines.join('');
    expect(log).toContain('"msg":"mail sent"');
    expect(log).not.toContain(temporary);
    expect(log).not.toContain(link);
    expect(log).not.toContain('Temporary password');
  });

  it('runs one pass at a time: a second instance finds the job busy and sends nothing', async () => {
    const { connection } = t.deps;
    if (connection.engine === 'postgres') {
      // Another instance holds the advisory lock on its own connection for the length of its run.
      const outcome = await connection.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${JOB_LOCK_KEYS.outboxSender}::bigint)`);
        return runWithJobLock(connection, JOB_LOCK_KEYS.outboxSender, async () => 'ran');
      });
      expect(outcome).toEqual({ ran: false });
    }
    // Within one process (the only case PGlite has) overlapping runs are refused as well.
    const { input } = await register(t);
    const [first, second] = await Promise.all([sender.runOnce(), sender.runOnce()]);
    expect([first.ran, second.ran].sort()).toEqual([false, true]);
    expect(smtp.received.filter((mail) => mail.to.includes(input.email))).toHaveLength(1);
    expect(await runWithJobLock(connection, JOB_LOCK_KEYS.outboxSender, async () => 'free again')).toEqual({ ran: true, value: 'free again' });
  });
});

describe('the server', () => {
  it('starts the sender job with the product and stops it on close', async () => {
    const server = await startServer({ config: { smtpUrl: smtp.url, outboxSenderIntervalSeconds: 1 } });
    try {
      const email = `server.job.${process.pid}@example.com`;
      const response = await fetch(`${server.url}/api/psc/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(newRegistration({ email })),
      });
      expect(response.status).toBe(200);
      const deadline = Date.now() + 15_000;
      while (!smtp.received.some((mail) => mail.to.includes(email)) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(smtp.received.some((mail) => mail.to.includes(email))).toBe(true);
    } finally {
      await server.close();
    }
  });
});
