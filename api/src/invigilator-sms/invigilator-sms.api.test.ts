import { serve, type ServerType } from '@hono/node-server';
import { toDevanagariDigits } from '@psc/core';
import { schema } from '@psc/db';
import { eq, inArray, like, sql } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../logger';
import { drainSmsOutbox, MAX_SEND_ATTEMPTS } from '../messaging/drain-outbox';
import { createSparrowSmsProvider, type SparrowSettings } from '../messaging/sms-provider';
import { createSparrowSandbox, type SparrowSandbox } from '../messaging/sparrow/sparrow-sandbox';
import { createStaffUser, type StaffUser } from '../requisitions/requisition.test-support';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { seatManyInvigilators, seatSitting, type SeatedSitting } from './invigilator-sms.test-support';

// Bulk invigilator SMS [BIS] (spec §2): preview, send once, progress and resend, drained through
// the Sparrow SMS v2 provider to the sandbox gateway served on loopback.

const TOKEN = 'sparrow-token-7Hq2xZ';
const FROM = 'PSC_Alert';

let t: TestApp;
let sms: StaffUser;
let reader: StaffUser;
let outsider: StaffUser;
let sandbox: SparrowSandbox;
let server: ServerType;
let settings: SparrowSettings;
const logLines: string[] = [];
const logger = createLogger('info', { write: (line: string) => void logLines.push(line) });

beforeAll(async () => {
  t = await createTestApp();
  sms = await createStaffUser(t, { BIS: ['read', 'create', 'update'] });
  reader = await createStaffUser(t, { BIS: ['read'] });
  outsider = await createStaffUser(t, { SA: ['read', 'create', 'update'] });
  sandbox = createSparrowSandbox({ token: TOKEN, from: FROM });
  server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: sandbox.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
    // As the product's own server (server.ts): an idle connection outlives the client's, so a
    // send never lands on one the server is closing.
    if ('keepAliveTimeout' in s) s.keepAliveTimeout = 65_000;
  });
  settings = { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v2`, token: TOKEN, from: FROM };
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await t.close();
});

type Duty = { rangeId: number; invigilatorId: number; venueId: number; duty: string; roomNumber: string | null; nameEn: string; mobile: string | null; mobileValid: boolean; dutyFinal: boolean; message: string; parts: number; smsState: string };
type Progress = {
  totals: { total: number; queued: number; retrying: number; sent: number; failed: number };
  batches: { id: number; total: number; sent: number; failed: number }[];
  failures: { outboxId: number; toNumber: string; nameEn: string | null; providerAnswer: string | null; attempts: number; failed: boolean }[];
};

const base = (id: number) => `/api/admin/invigilator-sms/sittings/${id}`;
const preview = async (sitting: SeatedSitting, venues?: number[]) => {
  const answer = await t.call('GET', `${base(sitting.allocationId)}/preview${venues ? `?venues=${venues.join(',')}` : ''}`, { token: sms.token, lang: 'en' });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data as { sitting: { advertisementCode: string }; venues: { id: number; duties: number }[]; duties: Duty[] };
};
const send = (sitting: SeatedSitting, json: Record<string, unknown> = {}, token = sms.token) => t.call('POST', `${base(sitting.allocationId)}/send`, { token, json, lang: 'en' });
const progress = async (sitting: SeatedSitting) => (await t.call('GET', `${base(sitting.allocationId)}/progress`, { token: sms.token, lang: 'en' })).body.data as Progress;
const rowsOfSitting = (sitting: SeatedSitting) =>
  t.db
    .select()
    .from(schema.smsOutbox)
    .where(inArray(schema.smsOutbox.dedupeKey, sitting.centres.flatMap((centre) => [centre.chief, ...centre.roomInvigilators].map((person) => `invigilator-duty:${centre.rangeId}:${person.id}`))));
/** Sends this sitting's queued messages only (other tests' rows wait), through the real provider. */
async function drain(sitting: SeatedSitting, provider = createSparrowSmsProvider(settings)) {
  const others = await t.db.execute(sql`update sms_outbox set next_attempt_at = now() + interval '1 day' where sent_at is null and (batch_id is null or batch_id not in (select id from sms_batches where subject = ${`centre-allocation:${sitting.allocationId}`})) and next_attempt_at <= now() returning id`);
  const held = (Array.isArray(others) ? others : (others as { rows: { id: number }[] }).rows) as { id: number }[];
  try {
    return await drainSmsOutbox(t.db, provider, { logger });
  } finally {
    if (held.length > 0) await t.db.update(schema.smsOutbox).set({ nextAttemptAt: sql`now()` }).where(inArray(schema.smsOutbox.id, held.map((row) => row.id)));
  }
}

describe('preview', () => {
  it('writes each invigilator on duty their Nepali message: the chief first, then the rooms, with the B.S. date and time', async () => {
    const sitting = await seatSitting(t.db, [
      { nameNp: 'पद्मोदय मावि', rooms: ['101', '102'], mobiles: ['९८४१२३४५६७', null, '01-4412345'] },
      { nameNp: 'कन्या मावि', rooms: ['1'] },
    ]);
    const { duties, venues } = await preview(sitting);
    expect(venues.map((venue) => venue.duties)).toEqual([3, 2]);
    expect(duties).toHaveLength(5);
    const [chief, first, second] = duties;
    expect(chief).toMatchObject({ duty: 'chief', roomNumber: null, mobile: '9841234567', mobileValid: true, smsState: 'not-queued' });
    expect(chief!.message).toBe(`लोक सेवा आयोग: निरीक्षक ${toDevanagariDigits(chief!.nameEn.split(' ')[1]!)}, वि.नं. ${toDevanagariDigits(sitting.advertisementCode)} परीक्षा २०८२-०८-२० ११:०० बजे, पद्मोदय मावि, केन्द्राध्यक्ष।`);
    expect(first).toMatchObject({ duty: 'room', roomNumber: '101', mobile: null, mobileValid: false });
    expect(first!.message).toContain('पद्मोदय मावि, कोठा १०१, निरीक्षक।');
    // A landline is no mobile: shown, never sent to.
    expect(second).toMatchObject({ roomNumber: '102', mobile: '014412345', mobileValid: false });
    for (const duty of duties) expect(duty.parts).toBeLessThanOrEqual(3);
    // Some centres only.
    const only = await preview(sitting, [sitting.centres[1]!.venueId]);
    expect(only.duties.map((duty) => duty.venueId)).toEqual([sitting.centres[1]!.venueId, sitting.centres[1]!.venueId]);
  });

  it('answers 404 for a sitting that does not exist', async () => {
    const answer = await t.call('GET', `${base(99_999_999)}/preview`, { token: sms.token, lang: 'en' });
    expect(answer.status).toBe(404);
    expect(answer.body.message).toBe('There is no such exam sitting.');
  });
});

describe('send', () => {
  it('queues one message per invigilator with a mobile, and a second send queues none', async () => {
    const sitting = await seatSitting(t.db, [{ nameNp: 'केन्द्र क', rooms: ['1', '2'], mobiles: ['9841000001', 'not a number'] }, { nameNp: 'केन्द्र ख', rooms: ['A'] }]);
    const first = await send(sitting);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.message).toBe('The messages have been queued for sending.');
    expect(first.body.data).toMatchObject({ queued: 4, requeued: 0, unchanged: 0, withoutMobile: 1 });
    const rows = await rowsOfSitting(sitting);
    expect(rows).toHaveLength(4);
    expect(new Set(rows.map((row) => row.batchId))).toEqual(new Set([(first.body.data as { batchId: number }).batchId]));
    expect(rows.find((row) => row.toNumber === '9841000001')!.body).toContain('केन्द्र क, केन्द्राध्यक्ष।');

    const again = await send(sitting);
    expect(again.body.data).toMatchObject({ batchId: null, queued: 0, requeued: 0, unchanged: 4 });
    expect(await rowsOfSitting(sitting)).toHaveLength(4);
    expect((await preview(sitting)).duties.filter((duty) => duty.mobileValid).every((duty) => duty.smsState === 'queued')).toBe(true);
    const audit = await t.db.select().from(schema.auditLog).where(eq(schema.auditLog.action, 'invigilator-sms.send'));
    expect(audit.filter((row) => row.entityId === String(sitting.allocationId))).toHaveLength(2);
  });

  it('sends to the centres chosen only, and the rest later without repeating the first', async () => {
    const sitting = await seatSitting(t.db, [{ nameNp: 'केन्द्र १', rooms: ['1'] }, { nameNp: 'केन्द्र २', rooms: ['1', '2'] }]);
    expect((await send(sitting, { venueIds: [String(sitting.centres[1]!.venueId)] })).body.data).toMatchObject({ queued: 3 });
    expect((await send(sitting)).body.data).toMatchObject({ queued: 2, unchanged: 3 });
    expect(await rowsOfSitting(sitting)).toHaveLength(5);
  });

  it('sends only the duties of centres whose invigilators are final', async () => {
    const sitting = await seatSitting(t.db, [{ nameNp: 'केन्द्र अन्तिम', rooms: ['1'] }, { nameNp: 'केन्द्र अस्थायी', rooms: ['1', '2'], invigilatorStatus: 'forwarded' }]);
    expect((await preview(sitting)).duties.map((duty) => duty.dutyFinal)).toEqual([true, true, false, false, false]);
    expect((await send(sitting)).body.data).toMatchObject({ queued: 2, notFinal: 3, withoutMobile: 0 });
    expect(await rowsOfSitting(sitting)).toHaveLength(2);
  });

  it('sends a changed duty again with its new text, in the same outbox row', async () => {
    const sitting = await seatSitting(t.db, [{ nameNp: 'केन्द्र ग', rooms: ['1', '2'] }]);
    await send(sitting);
    expect(await drain(sitting)).toEqual({ sent: 3, failed: 0 });
    const moved = sitting.centres[0]!.roomInvigilators[0]!;
    await t.db.execute(sql`update invigilator_assignments set room_id = ${sitting.centres[0]!.rooms[1]!.id} where invigilator_id = ${moved.id}`);
    expect((await preview(sitting)).duties.find((duty) => duty.invigilatorId === moved.id)!.smsState).toBe('changed');
    expect((await send(sitting)).body.data).toMatchObject({ queued: 0, requeued: 1, unchanged: 2 });
    const rows = await rowsOfSitting(sitting);
    expect(rows).toHaveLength(3);
    const row = rows.find((one) => one.toNumber === moved.mobile)!;
    expect(row).toMatchObject({ sentAt: null, attempts: 0 });
    expect(row.body).toContain('कोठा २, निरीक्षक।');
  });

  it('refuses a send with no invigilator to reach, and centre ids that are not numbers', async () => {
    const sitting = await seatSitting(t.db, [{ nameNp: 'केन्द्र घ', rooms: ['1'], mobiles: [null, '123'] }]);
    const answer = await send(sitting);
    expect(answer.status).toBe(422);
    expect(answer.body.message).toBe('No invigilator of this selection has a final duty and a valid mobile number.');
    expect((await send(sitting, { venueIds: ['x'] })).status).toBe(400);
    expect(await rowsOfSitting(sitting)).toHaveLength(0);
  });

  it('queues 5,000 messages in one statement, once', async () => {
    const sitting = await seatSitting(t.db, [{ nameNp: 'ठूलो केन्द्र', rooms: [] }]);
    await seatManyInvigilators(t.db, sitting, 4999);
    const started = performance.now();
    const first = await send(sitting);
    const took = performance.now() - started;
    expect(first.body.data).toMatchObject({ queued: 5000 });
    console.info(`queue 5000: ${Math.round(took)} ms`);
    expect((await send(sitting)).body.data).toMatchObject({ queued: 0, unchanged: 5000 });
    const [count] = await t.db.select({ n: sql<number>`count(*)::int` }).from(schema.smsOutbox).where(like(schema.smsOutbox.dedupeKey, `invigilator-duty:${sitting.centres[0]!.rangeId}:%`));
    expect(Number(count!.n)).toBe(5000);
    // Out of the other tests' way.
    await t.db.execute(sql`update sms_outbox set sent_at = now() where dedupe_key like ${`invigilator-duty:${sitting.centres[0]!.rangeId}:%`}`);
  });
});

describe('sending through Sparrow SMS and the progress', () => {
  it('drains to the sandbox over loopback, records the answers, fails a bad number at once and retries a credit shortage', async () => {
    const sitting = await seatSitting(t.db, [{ nameNp: 'केन्द्र ङ', rooms: ['1', '2', '3'] }]);
    await send(sitting);
    const [chief, ok, refused, short] = [sitting.centres[0]!.chief, ...sitting.centres[0]!.roomInvigilators];
    sandbox.failFor(refused!.mobile!, 1007);
    sandbox.failFor(short!.mobile!, 1013);
    try {
      const drained = await drain(sitting);
      expect(drained, JSON.stringify((await rowsOfSitting(sitting)).map((row) => [row.toNumber, row.lastError]))).toEqual({ sent: 2, failed: 2 });
    } finally {
      sandbox.clearFailures();
    }
    const received = sandbox.messages.filter((message) => [chief!.mobile, ok!.mobile].includes(message.to));
    expect(received.map((message) => message.to).sort()).toEqual([chief!.mobile, ok!.mobile].sort());
    expect(received[0]!.text).toContain('वि.नं.');
    expect(received[0]!.from).toBe(FROM);

    const rows = await rowsOfSitting(sitting);
    const rowOf = (mobile: string | null) => rows.find((row) => row.toNumber === mobile)!;
    expect(rowOf(chief!.mobile).providerAnswer).toBe('200 1 mesages has been queued for delivery');
    expect(rowOf(refused!.mobile)).toMatchObject({ sentAt: null, attempts: MAX_SEND_ATTEMPTS, providerAnswer: '1007 Invalid Receiver' });
    expect(rowOf(short!.mobile)).toMatchObject({ sentAt: null, attempts: 1, providerAnswer: '1013 Insufficient Credits' });

    const state = await progress(sitting);
    expect(state.totals).toEqual({ total: 4, queued: 0, retrying: 1, sent: 2, failed: 1 });
    expect(state.failures.map((failure) => [failure.toNumber, failure.providerAnswer, failure.failed])).toEqual([
      [refused!.mobile, '1007 Invalid Receiver', true],
      [short!.mobile, '1013 Insufficient Credits', false],
    ]);
    expect(state.failures[0]!.nameEn).toBe(refused!.nameEn);

    // Resend: the failed row only, the same row; the one waiting for credit keeps its backoff.
    const resent = await t.call('POST', `${base(sitting.allocationId)}/resend-failed`, { token: sms.token, lang: 'en', json: {} });
    expect(resent.body).toMatchObject({ message: 'The failed messages will be sent again.', data: { resent: 1 } });
    const after = await rowsOfSitting(sitting);
    expect(after).toHaveLength(4);
    expect(after.find((row) => row.toNumber === refused!.mobile)).toMatchObject({ attempts: 0, lastError: null, sentAt: null });
    expect(after.find((row) => row.toNumber === short!.mobile)).toMatchObject({ attempts: 1 });
    expect(after.filter((row) => row.sentAt !== null)).toHaveLength(2);
    expect(await drain(sitting)).toEqual({ sent: 1, failed: 0 });
    expect((await progress(sitting)).totals).toMatchObject({ sent: 3, retrying: 1, failed: 0 });
  });

  it('fails every message at once on a bad token, and the token is in no log line, answer or outbox row', async () => {
    const sitting = await seatSitting(t.db, [{ nameNp: 'केन्द्र च', rooms: ['1'] }]);
    await send(sitting);
    const wrong = 'wrong-token-Zq81xx';
    expect(await drain(sitting, createSparrowSmsProvider({ ...settings, token: wrong }))).toEqual({ sent: 0, failed: 2 });
    const rows = await rowsOfSitting(sitting);
    for (const row of rows) expect(row).toMatchObject({ attempts: MAX_SEND_ATTEMPTS, providerAnswer: '1002 Invalid Token' });
    const answer = JSON.stringify(await progress(sitting));
    expect(answer).toContain('1002 Invalid Token');
    for (const secret of [TOKEN, wrong]) {
      expect(logLines.join('\n')).not.toContain(secret);
      expect(answer).not.toContain(secret);
      expect(JSON.stringify(rows)).not.toContain(secret);
    }
    // A wrong sender is refused for good as well.
    await t.call('POST', `${base(sitting.allocationId)}/resend-failed`, { token: sms.token, lang: 'en', json: {} });
    expect(await drain(sitting, createSparrowSmsProvider({ ...settings, from: 'SOMEONE' }))).toEqual({ sent: 0, failed: 2 });
    expect((await rowsOfSitting(sitting))[0]).toMatchObject({ attempts: MAX_SEND_ATTEMPTS, providerAnswer: '1008 Invalid Sender' });
  });

  it('answers the remaining credit from the gateway', async () => {
    const app = await createTestApp({ smsProvider: 'sparrow', sparrow: { ...settings, sandbox: false } });
    try {
      const user = await createStaffUser(app, { BIS: ['read'] });
      const answer = await app.call('GET', '/api/admin/invigilator-sms/credit', { token: user.token, lang: 'en' });
      expect(answer.body.data).toMatchObject({ provider: 'sparrow', available: expect.any(Number), consumed: expect.any(Number) });
      expect(JSON.stringify(answer.body)).not.toContain(TOKEN);
    } finally {
      await app.close();
    }
  });
});

describe('authorisation', () => {
  it('refuses every route without BIS, and sending or resending with read only', async () => {
    const sitting = await seatSitting(t.db, [{ nameNp: 'केन्द्र छ', rooms: ['1'] }]);
    const id = sitting.allocationId;
    for (const [method, path] of [
      ['GET', '/api/admin/invigilator-sms/sittings'],
      ['GET', `${base(id)}/preview`],
      ['GET', `${base(id)}/progress`],
      ['GET', '/api/admin/invigilator-sms/credit'],
      ['POST', `${base(id)}/send`],
      ['POST', `${base(id)}/resend-failed`],
    ] as const) {
      expect((await t.call(method, path, { token: outsider.token, lang: 'en', ...(method === 'POST' ? { json: {} } : {}) })).status, path).toBe(403);
    }
    expect((await t.call('GET', `${base(id)}/preview`, { token: reader.token, lang: 'en' })).status).toBe(200);
    expect((await t.call('POST', `${base(id)}/send`, { token: reader.token, lang: 'en', json: {} })).status).toBe(403);
    expect((await t.call('POST', `${base(id)}/resend-failed`, { token: reader.token, lang: 'en', json: {} })).status).toBe(403);
    expect(await rowsOfSitting(sitting)).toHaveLength(0);
  });

  it('lists the sittings with their duties for BIS', async () => {
    const sitting = await seatSitting(t.db, [{ nameNp: 'केन्द्र ज', rooms: ['1', '2'] }]);
    const answer = await t.call('GET', '/api/admin/invigilator-sms/sittings', { token: reader.token, lang: 'en' });
    expect((answer.body.data as { id: number; duties: number; examDate: string; startTime: string }[]).find((row) => row.id === sitting.allocationId)).toMatchObject({ duties: 3, examDate: '2025-12-06', startTime: '11:00' });
  });
});
