import { normalizePhoneNumber, phoneKindOf } from '@psc/core';
import type { Database } from '@psc/db';
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf } from '../applications/rows-of';
import { AppError } from '../http/errors';
import { MAX_SEND_ATTEMPTS } from '../messaging/drain-outbox';
import { smsLengthOf } from '../messaging/sms-length';
import { renderInvigilatorDutySms } from '../messaging/templates/invigilator-duty';

// Bulk invigilator SMS [BIS] (spec §2): the invigilators on duty in one sitting (a centre
// allocation), each with the message they get. One query reads them all, with the state of the
// message already queued for the same duty (its dedupe key).

export type Executor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

export const INVIGILATOR_DUTY_KIND = 'invigilator-duty';

/** The outbox key of one invigilator's duty at one centre of one sitting. */
export const dutyKeyOf = (rangeId: number, invigilatorId: number) => `${INVIGILATOR_DUTY_KIND}:${rangeId}:${invigilatorId}`;

/** The batches of a sitting are named by it (sms_batches.subject). */
export const batchSubjectOf = (allocationId: number) => `centre-allocation:${allocationId}`;

export type SmsState = 'not-queued' | 'queued' | 'sent' | 'failed' | 'changed';

export type InvigilatorDutyMessage = {
  rangeId: number;
  invigilatorId: number;
  venueId: number;
  venueNameEn: string;
  venueNameNp: string;
  duty: 'chief' | 'room';
  roomNumber: string | null;
  nameEn: string;
  nameNp: string;
  /** The stored number; null when the invigilator has none. */
  mobile: string | null;
  /** False when there is no number or it is no Nepali mobile: nothing is sent to it. */
  mobileValid: boolean;
  /** The centre's invigilators are final (spec §4): only final duties are sent. */
  dutyFinal: boolean;
  message: string;
  parts: number;
  dedupeKey: string;
  smsState: SmsState;
};

export type Sitting = {
  id: number;
  advertisementId: number;
  advertisementCode: string;
  examPaperId: number;
  paperNameEn: string;
  paperNameNp: string;
  examDate: string | null;
  startTime: string | null;
  status: string;
  duties: number;
};

const SITTING_COLUMNS = sql`
  ca.id, ca.advertisement_id as "advertisementId", ad.code as "advertisementCode", ca.exam_paper_id as "examPaperId",
  p.subject_name_en as "paperNameEn", p.subject_name_np as "paperNameNp",
  to_char(sp.exam_date, 'YYYY-MM-DD') as "examDate", to_char(sp.start_time, 'HH24:MI') as "startTime", ca.status,
  (select count(*)::int from invigilator_assignments ia join centre_allocation_ranges r on r.id = ia.range_id where r.allocation_id = ca.id) as duties`;

const SITTING_FROM = sql`
  from centre_allocations ca
  join advertisements ad on ad.id = ca.advertisement_id
  join exam_papers p on p.id = ca.exam_paper_id
  left join exam_schedule_papers sp on sp.advertisement_id = ca.advertisement_id and sp.exam_paper_id = ca.exam_paper_id`;

const toSitting = (row: Record<string, unknown>): Sitting => ({
  id: Number(row.id),
  advertisementId: Number(row.advertisementId),
  advertisementCode: row.advertisementCode as string,
  examPaperId: Number(row.examPaperId),
  paperNameEn: row.paperNameEn as string,
  paperNameNp: row.paperNameNp as string,
  examDate: (row.examDate as string | null) ?? null,
  startTime: (row.startTime as string | null) ?? null,
  status: row.status as string,
  duties: Number(row.duties),
});

/** The sittings that have centres, latest exam first. */
export async function listSittings(db: Database): Promise<Sitting[]> {
  const rows = rowsOf<Record<string, unknown>>(await db.execute(sql`select ${SITTING_COLUMNS} ${SITTING_FROM} order by sp.exam_date desc nulls last, sp.start_time desc nulls last, ca.id desc limit 500`));
  return rows.map(toSitting);
}

export async function getSitting(db: Executor, allocationId: number, lock = false): Promise<Sitting> {
  if (lock) await db.execute(sql`select id from centre_allocations where id = ${allocationId} for update`);
  const [row] = rowsOf<Record<string, unknown>>(await db.execute(sql`select ${SITTING_COLUMNS} ${SITTING_FROM} where ca.id = ${allocationId}`));
  if (!row) throw new AppError('NOT_FOUND', { messageKey: 'invigilatorSms.sittingNotFound' });
  return toSitting(row);
}

/** The sitting's centres, with how many invigilators each has on duty. */
export async function venuesOf(db: Database, allocationId: number) {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select v.id, v.name_en as "nameEn", v.name_np as "nameNp", r.roll_from as "rollFrom", r.roll_to as "rollTo",
        (select count(*)::int from invigilator_assignments ia where ia.range_id = r.id) as duties
      from centre_allocation_ranges r join exam_venues v on v.id = r.venue_id
      where r.allocation_id = ${allocationId}
      order by r.roll_from`),
  );
  return rows.map((row) => ({ id: Number(row.id), nameEn: row.nameEn as string, nameNp: row.nameNp as string, rollFrom: Number(row.rollFrom), rollTo: Number(row.rollTo), duties: Number(row.duties) }));
}

function stateOf(row: Record<string, unknown>, message: string): SmsState {
  if (row.queuedBody === null || row.queuedBody === undefined) return 'not-queued';
  if (row.queuedBody !== message) return 'changed';
  if (row.sentAt !== null && row.sentAt !== undefined) return 'sent';
  return Number(row.attempts) >= MAX_SEND_ATTEMPTS ? 'failed' : 'queued';
}

/**
 * Every invigilator on duty in the sitting (or at the centres given), the centre's chief first,
 * then by room and name, each with the message the template makes of their duty.
 */
export async function dutiesOf(db: Executor, sitting: Sitting, venueIds?: number[]): Promise<InvigilatorDutyMessage[]> {
  const venueFilter: SQL = venueIds && venueIds.length > 0 ? sql`and r.venue_id in (${sql.join(venueIds.map((id) => sql`${id}`), sql`, `)})` : sql``;
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select ia.range_id as "rangeId", ia.invigilator_id as "invigilatorId", ia.duty, r.venue_id as "venueId", r.invigilator_status as "invigilatorStatus",
        v.name_en as "venueNameEn", v.name_np as "venueNameNp", room.room_number as "roomNumber",
        i.name_en as "nameEn", i.name_np as "nameNp", i.mobile,
        o.body as "queuedBody", o.sent_at as "sentAt", o.attempts
      from invigilator_assignments ia
      join centre_allocation_ranges r on r.id = ia.range_id
      join exam_venues v on v.id = r.venue_id
      join invigilators i on i.id = ia.invigilator_id
      left join exam_venue_rooms room on room.id = ia.room_id
      left join sms_outbox o on o.dedupe_key = ${INVIGILATOR_DUTY_KIND} || ':' || ia.range_id || ':' || ia.invigilator_id
      where r.allocation_id = ${sitting.id} ${venueFilter}
      order by r.roll_from, (ia.duty = 'chief') desc, room.room_number, i.name_en, ia.invigilator_id`),
  );
  return rows.map((row) => {
    const mobile = (row.mobile as string | null) ?? null;
    const normal = mobile === null ? null : normalizePhoneNumber(mobile);
    const rangeId = Number(row.rangeId);
    const invigilatorId = Number(row.invigilatorId);
    const roomNumber = row.duty === 'chief' ? null : ((row.roomNumber as string | null) ?? null);
    const message = renderInvigilatorDutySms({
      invigilatorNameNp: row.nameNp as string,
      advertisementCode: sitting.advertisementCode,
      examDate: sitting.examDate ?? '',
      startTime: sitting.startTime ?? '',
      venueNameNp: row.venueNameNp as string,
      roomNumber,
    });
    return {
      rangeId,
      invigilatorId,
      venueId: Number(row.venueId),
      venueNameEn: row.venueNameEn as string,
      venueNameNp: row.venueNameNp as string,
      duty: row.duty as 'chief' | 'room',
      roomNumber,
      nameEn: row.nameEn as string,
      nameNp: row.nameNp as string,
      mobile: normal,
      mobileValid: normal !== null && phoneKindOf(normal) === 'mobile',
      dutyFinal: row.invigilatorStatus === 'final',
      message,
      parts: smsLengthOf(message).parts,
      dedupeKey: dutyKeyOf(rangeId, invigilatorId),
      smsState: stateOf(row, message),
    };
  });
}
