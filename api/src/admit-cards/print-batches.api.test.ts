import { addDaysAd, todayAd } from '@psc/core';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { hasPoppler, isCi, requirePoppler } from '../../../print-templates/src/print-tools.test-support';
import { createStaffUser, type StaffUser } from '../requisitions/requisition.test-support';
import { createNumberedSitting, type Sitting } from '../room-allocation/room-allocation.test-support';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { allocateCentres, finaliseRooms } from './admit-cards.test-support';
import { closePdfPrinter } from './pdf-printer';

// A batch's HTML is composed on the compose worker, never on the thread serving requests: here
// that thread's composer fails, so a batch PDF that prints was composed on the worker.
vi.mock('./printed-documents', async (original) => ({
  ...(await original<Record<string, unknown>>()),
  printedDocumentsHtml: () => {
    throw new Error('A print batch was composed on the thread serving requests');
  },
}));

// spec §2 download/admitCard [DA], download/old/admitCard; spec §7 "Attendance and reports: ...
// gate and room lists": what exam centres print, per room and per centre.

let t: TestApp;
let printer: StaffUser;
let outsider: StaffUser;
let sitting: Sitting;
let allocationId: number;
let venueId: number;
let roomId: number;
const examDate = addDaysAd(todayAd(), 5);

const get = (path: string, user: StaffUser = printer) => t.call('GET', `/api/admin${path}`, { token: user.token, lang: 'en' });

beforeAll(async () => {
  t = await createTestApp();
  printer = await createStaffUser(t, { DA: ['read'] });
  outsider = await createStaffUser(t, { PEC: ['read', 'create'], ES: ['read'] });
  sitting = await createNumberedSitting(t, { cities: [250], rollFrom: 840001, examDate, startTime: '11:00', durationMinutes: 120 });
  const allocation = await allocateCentres(t, sitting, 260);
  await finaliseRooms(t, allocation);
  allocationId = allocation.allocationId;
  venueId = allocation.venues[0]!.venueId;
  roomId = allocation.venues[0]!.roomIds[0]!;
}, 180_000);

afterAll(async () => {
  await closePdfPrinter();
  await t?.close();
});

describe('printing for exam centres', () => {
  it('lists the sittings with final rooms, current and old apart', async () => {
    const current = await get('/print/sittings');
    expect(current.status).toBe(200);
    const item = (current.body.data as { items: Record<string, unknown>[] }).items.find((one) => one.allocationId === allocationId);
    expect(item).toEqual({
      allocationId,
      advertisementId: sitting.advertisement.advertisementId,
      advertisementCode: sitting.advertisement.code,
      postNameEn: expect.any(String),
      postNameNp: expect.any(String),
      paperNameEn: expect.any(String),
      paperNameNp: expect.any(String),
      dateAd: examDate,
      dateBs: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      startTime: '11:00',
      centres: [{ venueId, nameEn: expect.any(String), nameNp: expect.any(String), rooms: [{ roomId, roomNumber: '1', candidates: 250 }] }],
    });
    const old = await get('/print/sittings?old=true');
    expect((old.body.data as { items: { allocationId: number }[] }).items.map((one) => one.allocationId)).not.toContain(allocationId);
  });

  it('splits a room of 250 admit cards into parts of at most 200, one sheet per room and one door list per centre', async () => {
    const cards = await get(`/print/batches?allocationId=${allocationId}&kind=admit-cards`);
    const items = (cards.body.data as { items: { part: number; documents: number; fileName: string; roomId: number; venueId: number; key: string; kind: string }[] }).items;
    expect(items.map((item) => [item.part, item.documents])).toEqual([
      [1, 200],
      [2, 50],
    ]);
    expect(items[0]).toMatchObject({ kind: 'admit-cards', allocationId, venueId, roomId });
    expect(items[1]!.fileName).toMatch(/^admit-cards-[a-z0-9-]+-paper-1-admit-school-a-\d+-room-1-part-2\.pdf$/);
    const sheets = (await get(`/print/batches?allocationId=${allocationId}&kind=attendance&venueId=${venueId}`)).body.data as { items: { fileName: string; documents: number }[] };
    expect(sheets.items).toHaveLength(1);
    expect(sheets.items[0]!.fileName).toMatch(/^attendance-.+-paper-1-.+-room-1\.pdf$/);
    const doors = (await get(`/print/batches?allocationId=${allocationId}&kind=door-list`)).body.data as { items: { roomId: number | null }[] };
    expect(doors.items).toEqual([expect.objectContaining({ kind: 'door-list', venueId, roomId: null, part: 1, documents: 1 })]);
    expect((await get(`/print/batches?allocationId=${allocationId}&kind=attendance&roomId=999999`)).body.data).toEqual({ items: [] });
    expect((await get('/print/batches?allocationId=999999&kind=attendance')).status).toBe(404);
    expect((await get(`/print/batches?allocationId=${allocationId}&kind=nonsense`)).status).toBe(400);
  });

  it("answers a batch's documents: the part's admit cards, the room's sheet in seat order, the centre's door list", async () => {
    const part = await get(`/print/batch-data?allocationId=${allocationId}&kind=admit-cards&venueId=${venueId}&roomId=${roomId}&part=2`);
    expect(part.status).toBe(200);
    const cards = part.body.data as { kind: string; documents: { rollNumber: string; papers: { seatNumber: number }[]; verificationUrl: string }[] };
    expect(cards.kind).toBe('admit-cards');
    expect(cards.documents).toHaveLength(50);
    expect(cards.documents[0]!.rollNumber).toBe('840201');
    expect(cards.documents[0]!.papers[0]!.seatNumber).toBe(201);
    expect(cards.documents[0]!.verificationUrl).toMatch(/\/verify#v1\./);

    const sheet = (await get(`/print/batch-data?allocationId=${allocationId}&kind=attendance&roomId=${roomId}`)).body.data as { kind: string; documents: { roomNumber: string; candidates: { seatNumber: number; rollNumber: string }[]; invigilators: unknown[] }[] };
    expect(sheet.kind).toBe('attendance');
    expect(sheet.documents[0]!.roomNumber).toBe('1');
    expect(sheet.documents[0]!.candidates).toHaveLength(250);
    expect(sheet.documents[0]!.candidates.slice(0, 2).map((one) => [one.seatNumber, one.rollNumber])).toEqual([
      [1, '840001'],
      [2, '840002'],
    ]);
    const door = (await get(`/print/batch-data?allocationId=${allocationId}&kind=door-list&venueId=${venueId}`)).body.data as { documents: { rooms: unknown[] }[] };
    expect(door.documents[0]!.rooms).toEqual([{ roomNumber: '1', floor: 'Ground', rollFrom: '840001', rollTo: '840250', candidates: 250 }]);
    expect((await get(`/print/batch-data?allocationId=${allocationId}&kind=admit-cards&roomId=${roomId}&part=3`)).status).toBe(404);
  });

  it('prints a batch as a PDF', async () => {
    const answer = await t.app.request(`/api/admin/print/batch-pdf?allocationId=${allocationId}&kind=room-list&roomId=${roomId}&lang=ne`, { headers: { authorization: `Bearer ${printer.token}` } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/pdf');
    expect(answer.headers.get('content-disposition')).toMatch(/^attachment; filename="room-list-.+-room-1\.pdf"$/);
    expect(Buffer.from(await answer.arrayBuffer()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  }, 120_000);

  it("prints an admit-card part through the compose worker: its cards, one a page, in seat order", async () => {
    const answer = await t.app.request(`/api/admin/print/batch-pdf?allocationId=${allocationId}&kind=admit-cards&venueId=${venueId}&roomId=${roomId}&part=2&lang=en`, { headers: { authorization: `Bearer ${printer.token}` } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-disposition')).toMatch(/-room-1-part-2\.pdf"$/);
    const pdf = Buffer.from(await answer.arrayBuffer());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    if (hasPoppler || isCi) {
      requirePoppler();
      const directory = mkdtempSync(join(tmpdir(), 'psc-batch-'));
      try {
        const path = join(directory, 'part-2.pdf');
        writeFileSync(path, pdf);
        expect(execFileSync('pdfinfo', [path], { encoding: 'utf8' })).toMatch(/Pages:\s+50\n/);
        const text = execFileSync('pdftotext', [path, '-'], { encoding: 'utf8' });
        expect(text).toContain('840201');
        expect(text).toContain('840250');
        expect(text).not.toContain('840200');
        expect(text.indexOf('840201')).toBeLessThan(text.indexOf('840250'));
      } finally {
        rmSync(directory, { recursive: true, force: true });
      }
    }
  }, 120_000);

  it('refuses staff without DA and anonymous callers', async () => {
    expect((await get('/print/sittings', outsider)).status).toBe(403);
    expect((await t.call('GET', '/api/admin/print/sittings')).status).toBe(401);
  });
});
