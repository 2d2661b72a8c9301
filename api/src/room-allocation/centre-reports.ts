import { sortRooms, translate, type Language, type MessageKey } from '@psc/core';
import type { Database } from '@psc/db';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { rowsOf } from '../applications/rows-of';
import { AppError } from '../http/errors';
import { rangeColumns, rangeJoins, readRange, toRange, type RangeRow } from './sitting';

// Exam-centre reports [PEC] (spec §7 "Attendance and reports: ... gate and room lists"): per
// sitting, each centre's roll range and each room's roll sub-range, count and invigilators; per
// centre the gate (door) list of roll ranges by room. Both exported to Excel in the caller's
// language.

/** The sittings whose centre allocation is final or complete, with how far their rooms and invigilators are. */
export async function listSittings(db: Database) {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select ca.id, ca.status, ad.code as "advertisementCode", ep.subject_name_en as "paperNameEn", ep.subject_name_np as "paperNameNp",
        to_char(sp.exam_date, 'YYYY-MM-DD') as "examDate", to_char(sp.start_time, 'HH24:MI') as "startTime",
        count(r.id)::int as centres, coalesce(sum(r.candidates), 0)::int as candidates,
        count(r.id) filter (where r.room_status = 'final')::int as "roomsFinal",
        count(r.id) filter (where r.invigilator_status = 'final')::int as "invigilatorsFinal"
      from centre_allocations ca
      join advertisements ad on ad.id = ca.advertisement_id
      join exam_papers ep on ep.id = ca.exam_paper_id
      join exam_schedule_papers sp on sp.advertisement_id = ca.advertisement_id and sp.exam_paper_id = ca.exam_paper_id
      left join centre_allocation_ranges r on r.allocation_id = ca.id
      where ca.status in ('final', 'complete')
      group by ca.id, ad.code, ep.subject_name_en, ep.subject_name_np, sp.exam_date, sp.start_time
      order by sp.exam_date desc, sp.start_time, ad.code
      limit 1000`),
  );
  return { items: rows.map((row) => ({ ...row, id: Number(row.id) })) };
}

type ReportRoom = { roomId: number; roomNumber: string; floor: string | null; seats: number; rollFrom: number; rollTo: number; candidates: number; invigilators: { nameEn: string; nameNp: string }[] };
type ReportCentre = RangeRow & { chief: { nameEn: string; nameNp: string } | null; rooms: ReportRoom[] };

async function centresOf(db: Database, where: ReturnType<typeof sql>): Promise<ReportCentre[]> {
  const ranges = rowsOf<Record<string, unknown>>(await db.execute(sql`select ${rangeColumns} from ${rangeJoins} where ${where} order by r.roll_from`)).map(toRange);
  if (ranges.length === 0) return [];
  const ids = sql.join(
    ranges.map((range) => sql`${range.id}`),
    sql`, `,
  );
  const rooms = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select ra.range_id as "rangeId", ra.room_id as "roomId", vr.room_number as "roomNumber", vr.floor, vr.seats, ra.roll_from as "rollFrom", ra.roll_to as "rollTo", ra.candidates
      from room_allocations ra join exam_venue_rooms vr on vr.id = ra.room_id where ra.range_id in (${ids})`),
  );
  const duties = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select ia.range_id as "rangeId", ia.room_id as "roomId", i.name_en as "nameEn", i.name_np as "nameNp"
      from invigilator_assignments ia join invigilators i on i.id = ia.invigilator_id where ia.range_id in (${ids}) order by ia.id`),
  );
  return ranges.map((range) => {
    const own = duties.filter((duty) => Number(duty.rangeId) === range.id);
    const chief = own.find((duty) => duty.roomId === null);
    const roomRows = rooms
      .filter((room) => Number(room.rangeId) === range.id)
      .map((room) => ({
        roomId: Number(room.roomId),
        roomNumber: String(room.roomNumber),
        floor: (room.floor as string | null) ?? null,
        seats: Number(room.seats),
        rollFrom: Number(room.rollFrom),
        rollTo: Number(room.rollTo),
        candidates: Number(room.candidates),
        invigilators: own.filter((duty) => Number(duty.roomId) === Number(room.roomId)).map((duty) => ({ nameEn: String(duty.nameEn), nameNp: String(duty.nameNp) })),
      }));
    return { ...range, chief: chief ? { nameEn: String(chief.nameEn), nameNp: String(chief.nameNp) } : null, rooms: sortRooms(roomRows) };
  });
}

/** One sitting's report: every centre with its range, chief and rooms. */
export async function sittingReport(db: Database, allocationId: number) {
  const centres = await centresOf(db, sql`r.allocation_id = ${allocationId}`);
  if (centres.length === 0) throw new AppError('NOT_FOUND');
  const first = centres[0]!;
  return {
    sitting: { allocationId, advertisementCode: first.advertisementCode, paperNameEn: first.paperNameEn, paperNameNp: first.paperNameNp, examDate: first.examDate, startTime: first.startTime },
    centres,
  };
}

/** One centre's gate (door) list: its rooms in door order with their roll ranges. */
export async function gateList(db: Database, rangeId: number) {
  await readRange(db, rangeId);
  const [centre] = await centresOf(db, sql`r.id = ${rangeId}`);
  return centre!;
}

const t = (lang: Language, key: string) => translate(lang, `centreReport.${key}` as MessageKey);
const nameOf = (lang: Language, row: { nameEn: string; nameNp: string }) => (lang === 'ne' ? row.nameNp || row.nameEn : row.nameEn);
const safeSheet = (title: string) => title.replace(/[\\/?*[\]:]/g, '-').slice(0, 31);

function addCentreSheet(workbook: ExcelJS.Workbook, centre: ReportCentre, lang: Language, gate: boolean) {
  const sheet = workbook.addWorksheet(safeSheet(`${centre.rollFrom}-${centre.rollTo}`));
  sheet.addRow([`${nameOf(lang, { nameEn: centre.venueNameEn, nameNp: centre.venueNameNp })}`]).font = { bold: true, size: 13 };
  sheet.addRow([`${centre.advertisementCode} · ${lang === 'ne' ? centre.paperNameNp : centre.paperNameEn} · ${centre.examDate ?? ''} ${centre.startTime ?? ''}`]);
  sheet.addRow([t(lang, 'rollRange'), `${centre.rollFrom} - ${centre.rollTo}`, t(lang, 'candidates'), centre.candidates]);
  if (!gate) sheet.addRow([t(lang, 'chief'), centre.chief ? nameOf(lang, centre.chief) : '']);
  sheet.addRow([]);
  const header = gate ? ['room', 'floor', 'rollFrom', 'rollTo', 'candidates'] : ['room', 'floor', 'seats', 'rollFrom', 'rollTo', 'candidates', 'invigilators'];
  sheet.addRow(header.map((key) => t(lang, key))).font = { bold: true };
  for (const room of centre.rooms) {
    const invigilators = room.invigilators.map((row) => nameOf(lang, row)).join(', ');
    sheet.addRow(gate ? [room.roomNumber, room.floor ?? '', room.rollFrom, room.rollTo, room.candidates] : [room.roomNumber, room.floor ?? '', room.seats, room.rollFrom, room.rollTo, room.candidates, invigilators]);
  }
  sheet.columns.forEach((column, index) => (column.width = index === 0 ? 18 : index === header.length - 1 && !gate ? 40 : 14));
}

export async function sittingReportWorkbook(db: Database, allocationId: number, lang: Language) {
  const report = await sittingReport(db, allocationId);
  const workbook = new ExcelJS.Workbook();
  const summary = workbook.addWorksheet(safeSheet(t(lang, 'summary')));
  summary.addRow([`${report.sitting.advertisementCode} · ${lang === 'ne' ? report.sitting.paperNameNp : report.sitting.paperNameEn} · ${report.sitting.examDate ?? ''} ${report.sitting.startTime ?? ''}`]).font = { bold: true };
  summary.addRow(['centre', 'rollFrom', 'rollTo', 'candidates', 'rooms', 'chief'].map((key) => t(lang, key))).font = { bold: true };
  for (const centre of report.centres)
    summary.addRow([nameOf(lang, { nameEn: centre.venueNameEn, nameNp: centre.venueNameNp }), centre.rollFrom, centre.rollTo, centre.candidates, centre.rooms.length, centre.chief ? nameOf(lang, centre.chief) : '']);
  summary.getColumn(1).width = 36;
  summary.getColumn(6).width = 30;
  for (const centre of report.centres) addCentreSheet(workbook, centre, lang, false);
  const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());
  return { bytes, fileName: `exam-centre-report-${report.sitting.advertisementCode.replace(/[^\w-]+/g, '-')}-${allocationId}.xlsx` };
}

export async function gateListWorkbook(db: Database, rangeId: number, lang: Language) {
  const centre = await gateList(db, rangeId);
  const workbook = new ExcelJS.Workbook();
  addCentreSheet(workbook, centre, lang, true);
  const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());
  return { bytes, fileName: `gate-list-${centre.advertisementCode.replace(/[^\w-]+/g, '-')}-${rangeId}.xlsx` };
}
