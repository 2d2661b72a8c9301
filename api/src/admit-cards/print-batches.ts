import { sortRooms, todayAd, type Language } from '@psc/core';
import type { Database } from '@psc/db';
import type { AttendanceSheetData, PrintedInvigilator, PrintedSitting, SeatedCandidate } from '@psc/print-templates';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../applications/rows-of';
import type { Config } from '../config';
import type { AppDeps } from '../context';
import { getFileStorage } from '../files/file-storage';
import { AppError } from '../http/errors';
import { embedPictures, pictureDataUrl } from './admit-card-pdf';
import { issueAdmitCards } from './issue-admit-cards';
import { printBatchParts } from './pdf-printer';
import { type PrintKind, type PrintedDocuments } from './printed-documents';
import { bsOf, COMMISSION_NAME, readAdmitCardContent } from './read-admit-cards';

// Printing for exam centres [DA] (spec §2 download/admitCard, download/old/admitCard; spec §7
// "Attendance and reports: ... gate and room lists"): per sitting whose centres' rooms are final,
// one batch per room (admit cards in parts of at most ADMIT_CARDS_PER_PART, the attendance sheet,
// the room list) and one door list per centre. The workstation's main process fetches a batch's
// data and prints it with the same templates; the browser build asks for the PDF.

/** Documents per admit-card part: a chunk one Chromium page set prints comfortably (DESIGN "Documents"). */
export const ADMIT_CARDS_PER_PART = 200;

export type BatchQuery = { allocationId: number; kind: PrintKind; venueId?: number | undefined; roomId?: number | undefined };

type RoomRow = { allocationId: number; rangeId: number; venueId: number; nameEn: string; nameNp: string; roomId: number; roomNumber: string; floor: string | null; candidates: number };

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40) || 'centre';

/** Sittings with at least one centre whose rooms are final: current ones, or old (the exam date has passed). */
export async function listPrintSittings(db: Database, old: boolean) {
  const today = todayAd();
  const sittings = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select ca.id as "allocationId", ca.advertisement_id as "advertisementId", ad.code as "advertisementCode", p.name_en as "postNameEn", p.name_np as "postNameNp",
        ep.subject_name_en as "paperNameEn", ep.subject_name_np as "paperNameNp", sp.exam_date::text as "dateAd", to_char(sp.start_time, 'HH24:MI') as "startTime"
      from centre_allocations ca
      join advertisements ad on ad.id = ca.advertisement_id
      left join posts p on p.id = ad.post_id
      join exam_papers ep on ep.id = ca.exam_paper_id
      join exam_schedule_papers sp on sp.advertisement_id = ca.advertisement_id and sp.exam_paper_id = ca.exam_paper_id
      where ca.status in ('final', 'complete') and ${old ? sql`sp.exam_date < ${today}::date` : sql`sp.exam_date >= ${today}::date`}
        and exists (select 1 from centre_allocation_ranges r where r.allocation_id = ca.id and r.room_status = 'final')
      order by sp.exam_date ${old ? sql`desc` : sql`asc`}, sp.start_time, ad.code
      limit 500`),
  );
  if (sittings.length === 0) return { items: [] };
  const rooms = await finalRooms(db, sql`r.allocation_id in (${sql.join(
    sittings.map((row) => sql`${Number(row.allocationId)}`),
    sql`, `,
  )})`);
  return {
    items: sittings.map((row) => {
      const allocationId = Number(row.allocationId);
      const own = rooms.filter((room) => room.allocationId === allocationId);
      const venueIds = [...new Set(own.map((room) => room.venueId))];
      return {
        allocationId,
        advertisementId: Number(row.advertisementId),
        advertisementCode: String(row.advertisementCode),
        postNameEn: String(row.postNameEn ?? ''),
        postNameNp: String(row.postNameNp ?? ''),
        paperNameEn: String(row.paperNameEn),
        paperNameNp: String(row.paperNameNp),
        dateAd: String(row.dateAd),
        dateBs: bsOf(String(row.dateAd)),
        startTime: String(row.startTime),
        centres: venueIds.map((venueId) => {
          const centreRooms = own.filter((room) => room.venueId === venueId);
          return { venueId, nameEn: centreRooms[0]!.nameEn, nameNp: centreRooms[0]!.nameNp, rooms: centreRooms.map((room) => ({ roomId: room.roomId, roomNumber: room.roomNumber, candidates: room.candidates })) };
        }),
      };
    }),
  };
}

/** The rooms of final centres matching `where` (over range r), in door order per centre. */
async function finalRooms(db: Database, where: ReturnType<typeof sql>): Promise<RoomRow[]> {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select r.allocation_id as "allocationId", r.id as "rangeId", r.venue_id as "venueId", v.name_en as "nameEn", v.name_np as "nameNp",
        ra.room_id as "roomId", vr.room_number as "roomNumber", vr.floor, ra.candidates
      from centre_allocation_ranges r
      join exam_venues v on v.id = r.venue_id
      join room_allocations ra on ra.range_id = r.id
      join exam_venue_rooms vr on vr.id = ra.room_id
      where r.room_status = 'final' and ${where}
      order by r.roll_from, ra.roll_from`),
  );
  const mapped = rows.map((row) => ({
    allocationId: Number(row.allocationId),
    rangeId: Number(row.rangeId),
    venueId: Number(row.venueId),
    nameEn: String(row.nameEn),
    nameNp: String(row.nameNp),
    roomId: Number(row.roomId),
    roomNumber: String(row.roomNumber),
    floor: (row.floor as string | null) ?? null,
    candidates: Number(row.candidates),
  }));
  const byRange = new Map<number, RoomRow[]>();
  for (const room of mapped) byRange.set(room.rangeId, [...(byRange.get(room.rangeId) ?? []), room]);
  return [...byRange.values()].flatMap((rooms) => sortRooms(rooms));
}

type SittingHead = { advertisementCode: string; paperOrder: number };

async function sittingHead(db: Database, allocationId: number): Promise<SittingHead> {
  const [row] = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select ad.code as "advertisementCode", ep.paper_order as "paperOrder"
      from centre_allocations ca join advertisements ad on ad.id = ca.advertisement_id join exam_papers ep on ep.id = ca.exam_paper_id
      where ca.id = ${allocationId} and ca.status in ('final', 'complete')`),
  );
  if (!row) throw new AppError('NOT_FOUND', { messageKey: 'admitCard.unknownSitting' });
  return { advertisementCode: String(row.advertisementCode), paperOrder: Number(row.paperOrder) };
}

export type PrintBatch = { key: string; kind: PrintKind; allocationId: number; venueId: number; roomId: number | null; part: number; documents: number; fileName: string };

/** The batches of a sitting: per room (admit cards in parts), a door list per centre. */
export async function listPrintBatches(db: Database, query: BatchQuery): Promise<{ items: PrintBatch[] }> {
  const head = await sittingHead(db, query.allocationId);
  const rooms = (await finalRooms(db, sql`r.allocation_id = ${query.allocationId}`)).filter((room) => (query.venueId === undefined || room.venueId === query.venueId) && (query.roomId === undefined || room.roomId === query.roomId));
  const base = `${slug(head.advertisementCode)}-paper-${head.paperOrder}`;
  const items: PrintBatch[] = [];
  if (query.kind === 'door-list') {
    for (const venueId of [...new Set(rooms.map((room) => room.venueId))]) {
      const centre = rooms.find((room) => room.venueId === venueId)!;
      items.push({ key: `door-list:${query.allocationId}:${venueId}`, kind: 'door-list', allocationId: query.allocationId, venueId, roomId: null, part: 1, documents: 1, fileName: `door-list-${base}-${slug(centre.nameEn)}.pdf` });
    }
    return { items };
  }
  for (const room of rooms) {
    const name = `${query.kind}-${base}-${slug(room.nameEn)}-room-${slug(room.roomNumber)}`;
    if (query.kind === 'admit-cards') {
      const parts = Math.ceil(room.candidates / ADMIT_CARDS_PER_PART);
      for (let part = 1; part <= parts; part += 1) {
        const documents = Math.min(ADMIT_CARDS_PER_PART, room.candidates - (part - 1) * ADMIT_CARDS_PER_PART);
        items.push({ key: `admit-cards:${query.allocationId}:${room.venueId}:${room.roomId}:${part}`, kind: 'admit-cards', allocationId: query.allocationId, venueId: room.venueId, roomId: room.roomId, part, documents, fileName: parts > 1 ? `${name}-part-${part}.pdf` : `${name}.pdf` });
      }
    } else {
      items.push({ key: `${query.kind}:${query.allocationId}:${room.venueId}:${room.roomId}:1`, kind: query.kind, allocationId: query.allocationId, venueId: room.venueId, roomId: room.roomId, part: 1, documents: 1, fileName: `${name}.pdf` });
    }
  }
  return { items };
}

export type BatchDataQuery = BatchQuery & { part: number };

async function printedSitting(db: Database, allocationId: number, venueId: number): Promise<PrintedSitting> {
  const [row] = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select ad.code as "advertisementCode", o.name_en as "officeEn", o.name_np as "officeNp", p.name_en as "postEn", p.name_np as "postNp",
        ep.subject_name_en as "paperEn", ep.subject_name_np as "paperNp", sp.exam_date::text as "dateAd", to_char(sp.start_time, 'HH24:MI') as "startTime", sp.duration_minutes as "durationMinutes",
        v.name_en as "venueEn", v.name_np as "venueNp", v.address_en as "addressEn", v.address_np as "addressNp"
      from centre_allocations ca
      join advertisements ad on ad.id = ca.advertisement_id
      join organizations o on o.id = ad.organization_id
      left join posts p on p.id = ad.post_id
      join exam_papers ep on ep.id = ca.exam_paper_id
      join exam_schedule_papers sp on sp.advertisement_id = ca.advertisement_id and sp.exam_paper_id = ca.exam_paper_id
      join exam_venues v on v.id = ${venueId}
      where ca.id = ${allocationId}`),
  );
  if (!row) throw new AppError('NOT_FOUND', { messageKey: 'admitCard.unknownBatch' });
  return {
    commission: { ...COMMISSION_NAME },
    office: { en: String(row.officeEn), np: String(row.officeNp) },
    advertisementCode: String(row.advertisementCode),
    post: { en: String(row.postEn ?? ''), np: String(row.postNp ?? '') },
    paper: { en: String(row.paperEn), np: String(row.paperNp) },
    dateAd: String(row.dateAd),
    dateBs: bsOf(String(row.dateAd)),
    startTime: String(row.startTime),
    durationMinutes: Number(row.durationMinutes),
    centre: { name: { en: String(row.venueEn), np: String(row.venueNp) }, address: { en: String(row.addressEn ?? ''), np: String(row.addressNp ?? '') } },
  };
}

async function invigilatorsOf(db: Database, rangeId: number, roomId: number | null): Promise<PrintedInvigilator[]> {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select i.name_en as "nameEn", i.name_np as "nameNp", coalesce(ip.name_en, '') as "postEn", coalesce(ip.name_np, '') as "postNp", coalesce(i.mobile, '') as mobile
      from invigilator_assignments ia join invigilators i on i.id = ia.invigilator_id left join invigilator_posts ip on ip.id = i.post_id
      where ia.range_id = ${rangeId} and ${roomId === null ? sql`ia.room_id is null` : sql`ia.room_id = ${roomId}`} order by ia.id`),
  );
  return rows.map((row) => ({ name: { en: String(row.nameEn), np: String(row.nameNp) }, post: { en: String(row.postEn), np: String(row.postNp) }, mobile: String(row.mobile) }));
}

/** The room's seated candidates in seat order (a slice of them for an admit-card part). */
async function seatedIn(db: Database, allocationId: number, roomId: number, slice?: { offset: number; limit: number }) {
  return rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select sa.application_id as "applicationId", sa.roll_number::text as "rollNumber", sa.seat_number as "seatNumber",
        u.first_name_en as "firstEn", u.middle_name_en as "middleEn", u.last_name_en as "lastEn", u.first_name_np as "firstNp", u.middle_name_np as "middleNp", u.last_name_np as "lastNp",
        ph.sha256 as "photoSha256", ph.content_type as "photoType"
      from seat_assignments sa
      join applications a on a.id = sa.application_id
      join users u on u.id = a.user_id
      left join candidate_documents d on d.user_id = a.user_id and d.kind = 'photograph'
      left join stored_files ph on ph.id = d.file_id
      where sa.allocation_id = ${allocationId} and sa.room_id = ${roomId}
      order by sa.seat_number
      ${slice ? sql`offset ${slice.offset} limit ${slice.limit}` : sql``}`),
  );
}

const joinName = (...parts: unknown[]) => parts.filter((part) => typeof part === 'string' && part.trim() !== '').join(' ');

/** A batch's documents with their pictures as data URLs, read from the file store. */
export async function readBatchData(deps: Pick<AppDeps, 'db' | 'config'> & AppDeps, query: BatchDataQuery): Promise<PrintedDocuments> {
  const { db } = deps;
  const batch = (await listPrintBatches(db, query)).items.find((item) => item.part === query.part && (query.kind === 'door-list' ? item.venueId === query.venueId : item.roomId === query.roomId && item.venueId === (query.venueId ?? item.venueId)));
  if (!batch) throw new AppError('NOT_FOUND', { messageKey: 'admitCard.unknownBatch' });
  const storage = getFileStorage(deps);
  const today = todayAd();
  const [range] = rowsOf<{ id: number }>(await db.execute(sql`select id from centre_allocation_ranges where allocation_id = ${batch.allocationId} and venue_id = ${batch.venueId}`));
  const sitting = await printedSitting(db, batch.allocationId, batch.venueId);
  if (batch.kind === 'door-list') {
    const rooms = (await finalRooms(db, sql`r.id = ${range!.id}`)).map((room) => room);
    const ranges = rowsOf<Record<string, unknown>>(await db.execute(sql`select room_id as "roomId", roll_from::text as "rollFrom", roll_to::text as "rollTo" from room_allocations where range_id = ${range!.id}`));
    const chief = (await invigilatorsOf(db, Number(range!.id), null))[0] ?? null;
    return {
      kind: 'door-list',
      documents: [
        {
          sitting,
          chief,
          rooms: rooms.map((room) => {
            const share = ranges.find((row) => Number(row.roomId) === room.roomId)!;
            return { roomNumber: room.roomNumber, floor: room.floor, rollFrom: String(share.rollFrom), rollTo: String(share.rollTo), candidates: room.candidates };
          }),
          printedOnAd: today,
          printedOnBs: bsOf(today),
        },
      ],
    };
  }
  const roomId = batch.roomId!;
  if (batch.kind === 'admit-cards') {
    const seated = await seatedIn(db, batch.allocationId, roomId, { offset: (batch.part - 1) * ADMIT_CARDS_PER_PART, limit: ADMIT_CARDS_PER_PART });
    const applicationIds = seated.map((row) => Number(row.applicationId));
    await issueAdmitCards(db, applicationIds);
    const issued = new Map(
      rowsOf<{ applicationId: number; issuedOnAd: string }>(
        await db.execute(sql`select application_id as "applicationId", to_char(issued_at at time zone 'Asia/Kathmandu', 'YYYY-MM-DD') as "issuedOnAd" from admit_cards where application_id in (${sql.join(
          applicationIds.map((id) => sql`${id}`),
          sql`, `,
        )})`),
      ).map((row) => [Number(row.applicationId), String(row.issuedOnAd)]),
    );
    const documents = [];
    for (const applicationId of applicationIds) {
      const content = await readAdmitCardContent(db, deps.config, applicationId, issued.get(applicationId) ?? today);
      documents.push(await embedPictures(storage, content));
    }
    return { kind: 'admit-cards', documents };
  }
  const seated = await seatedIn(db, batch.allocationId, roomId);
  const withPhotos = batch.kind === 'attendance';
  const candidates: SeatedCandidate[] = [];
  for (const row of seated) {
    candidates.push({
      rollNumber: String(row.rollNumber),
      seatNumber: Number(row.seatNumber),
      name: { en: joinName(row.firstEn, row.middleEn, row.lastEn), np: joinName(row.firstNp, row.middleNp, row.lastNp) },
      photo: withPhotos && row.photoSha256 ? await pictureDataUrl(storage, { sha256: String(row.photoSha256), contentType: String(row.photoType) }) : null,
    });
  }
  const room = (await finalRooms(db, sql`r.id = ${range!.id}`)).find((one) => one.roomId === roomId)!;
  const list = { sitting, roomNumber: room.roomNumber, floor: room.floor, candidates, printedOnAd: today, printedOnBs: bsOf(today) };
  if (batch.kind === 'room-list') return { kind: 'room-list', documents: [list] };
  const sheet: AttendanceSheetData = { ...list, invigilators: await invigilatorsOf(db, Number(range!.id), roomId) };
  return { kind: 'attendance', documents: [sheet] };
}

/** A batch as one PDF, for the browser build of the workstation: composed on the compose worker, printed on a batch tab. */
export async function printBatchPdf(deps: AppDeps, query: BatchDataQuery, lang: Language, config: Pick<Config, 'chromiumPath'> = deps.config): Promise<Uint8Array> {
  const batch = await readBatchData(deps, query);
  for await (const printed of printBatchParts(config, [{ batch, lang }])) {
    if (!printed.pdf) throw printed.error;
    return printed.pdf;
  }
  throw new Error('The batch was not printed');
}
