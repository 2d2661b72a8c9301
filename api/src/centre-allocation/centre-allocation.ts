import {
  checkCentreAllocation,
  proposeCentreAllocation,
  toDevanagariDigits,
  type CentreAllocationProblem,
  type CentreAllocationSaveInput,
  type CityBlock,
  type CountedRange,
  type Language,
  type VenueCapacity,
  type VenueRange,
} from '@psc/core';
import type { Database } from '@psc/db';
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf } from '../applications/rows-of';
import { recordAudit } from '../audit/record-audit';
import { AppError } from '../http/errors';

// Exam-centre allocation [ECA] (spec §3 "Exam-centre allocation: fiscal year, organization, exam
// centre, exam paper, roll from, roll to, advertisement code and capacity required"; spec §4
// "Exam centre assignment: temporary save, then final save, revert, complete"; spec §7 "Exam
// centre allocation").
//
// A sitting is one scheduled, not skipped paper of an advertisement whose schedule is approved and
// whose roll numbers are generated. Its candidates are its advertisement's roll numbers, which
// come in consecutive blocks per city; each exam centre (exam_venues) of those cities takes one
// roll range. Everything here reads and writes in aggregates: the blocks (a gaps-and-islands
// grouping of roll_numbers), the free seats per centre (one sum over the ranges of other sittings
// overlapping in time), and at final save one insert ... select of the seat rows, whatever the
// number of candidates.
//
// Concurrency: every state change locks the sitting's centre_allocations row (created by the
// first temporary save), then the exam centres its ranges use (for update, in id order) before
// reading their free seats, so two advertisements sitting at the same time at the same centre
// are checked one after the other and cannot both take its last seats.

type Actor = { actorUserId: number; requestId?: string | null; ipAddress?: string | null };
type Executor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

export type AllocationStatus = 'pending' | 'temporary' | 'final' | 'complete';

/** The local (Nepal time) start and end of a schedule row `alias`. */
const startsOf = (alias: string) => sql.raw(`(${alias}.exam_date + ${alias}.start_time)`);
const endsOf = (alias: string) => sql.raw(`(${alias}.exam_date + ${alias}.start_time + ${alias}.duration_minutes * interval '1 minute')`);

/** Schedule rows `sp` that are sittings: approved schedule, not skipped, roll numbers generated. */
const SITTING = sql`
  not sp.skipped and exists (select 1 from exam_schedules s where s.advertisement_id = sp.advertisement_id and s.status = 'approved')
  and exists (select 1 from roll_number_series rs where rs.advertisement_id = sp.advertisement_id)`;

type Sitting = {
  advertisementId: number;
  examPaperId: number;
  advertisementCode: string;
  fiscalYear: string;
  postNameEn: string | null;
  postNameNp: string | null;
  subjectNameEn: string;
  subjectNameNp: string;
  paperOrder: number;
  examDate: string;
  startTime: string;
  durationMinutes: number;
};

async function readSitting(db: Executor, advertisementId: number, examPaperId: number): Promise<Sitting> {
  const [row] = rowsOf<Sitting>(
    await db.execute(sql`
      select sp.advertisement_id as "advertisementId", sp.exam_paper_id as "examPaperId", ad.code as "advertisementCode", ad.fiscal_year as "fiscalYear",
        po.name_en as "postNameEn", po.name_np as "postNameNp", p.subject_name_en as "subjectNameEn", p.subject_name_np as "subjectNameNp",
        p.paper_order as "paperOrder", sp.exam_date::text as "examDate", to_char(sp.start_time, 'HH24:MI') as "startTime", sp.duration_minutes as "durationMinutes"
      from exam_schedule_papers sp
      join advertisements ad on ad.id = sp.advertisement_id
      join exam_papers p on p.id = sp.exam_paper_id
      left join posts po on po.id = ad.post_id
      where sp.advertisement_id = ${advertisementId} and sp.exam_paper_id = ${examPaperId} and ${SITTING}`),
  );
  if (!row) throw new AppError('UNPROCESSABLE', { messageKey: 'centreAllocation.notSitting' });
  return { ...row, advertisementId: Number(row.advertisementId), examPaperId: Number(row.examPaperId), durationMinutes: Number(row.durationMinutes) };
}

/** The sitting's roll numbers as consecutive blocks per city (gaps and islands), in roll order. */
async function readBlocks(db: Executor, advertisementId: number): Promise<CityBlock[]> {
  const rows = rowsOf<{ examCentreId: number; rollFrom: unknown; rollTo: unknown; count: number }>(
    await db.execute(sql`
      select exam_centre_id as "examCentreId", min(roll_number) as "rollFrom", max(roll_number) as "rollTo", count(*)::int as count
      from (
        select exam_centre_id, roll_number, roll_number - row_number() over (partition by exam_centre_id order by roll_number) as island
        from roll_numbers where advertisement_id = ${advertisementId}
      ) numbered
      group by exam_centre_id, island
      order by min(roll_number)`),
  );
  return rows.map((row) => ({ examCentreId: Number(row.examCentreId), rollFrom: Number(row.rollFrom), rollTo: Number(row.rollTo), count: Number(row.count) }));
}

type Venue = VenueCapacity & { nameEn: string; nameNp: string; capacity: number };

/**
 * The active exam centres of the cities given, in order, with their free seats at the sitting's
 * time: capacity less the candidates that ranges of OTHER sittings (any advertisement, any state)
 * overlapping in time hold there.
 */
async function readVenues(db: Executor, sitting: { advertisementId: number; examPaperId: number }, cityIds: number[]): Promise<Venue[]> {
  if (cityIds.length === 0) return [];
  const rows = rowsOf<Venue>(
    await db.execute(sql`
      with this as (
        select sp.exam_date, ${startsOf('sp')} as starts, ${endsOf('sp')} as ends from exam_schedule_papers sp
        where sp.advertisement_id = ${sitting.advertisementId} and sp.exam_paper_id = ${sitting.examPaperId}
      ),
      held as (
        select r.venue_id, sum(r.candidates)::int as taken
        from this
        join exam_schedule_papers o on o.exam_date = this.exam_date and ${startsOf('o')} < this.ends and ${endsOf('o')} > this.starts
        join centre_allocations ca on ca.advertisement_id = o.advertisement_id and ca.exam_paper_id = o.exam_paper_id
        join centre_allocation_ranges r on r.allocation_id = ca.id
        where not (o.advertisement_id = ${sitting.advertisementId} and o.exam_paper_id = ${sitting.examPaperId})
        group by r.venue_id
      )
      select v.id as "venueId", v.exam_centre_id as "examCentreId", v.name_en as "nameEn", v.name_np as "nameNp", v.capacity,
        v.capacity - coalesce(held.taken, 0) as free
      from exam_venues v left join held on held.venue_id = v.id
      where v.is_active and v.exam_centre_id in (${sql.join(cityIds.map((id) => sql`${id}`), sql`, `)})
      order by v.exam_centre_id, v.id`),
  );
  return rows.map((row) => ({ ...row, venueId: Number(row.venueId), examCentreId: Number(row.examCentreId), capacity: Number(row.capacity), free: Number(row.free) }));
}

type Allocation = { id: number; status: Exclude<AllocationStatus, 'pending'> };

async function readAllocation(db: Executor, advertisementId: number, examPaperId: number, lock = false): Promise<Allocation | null> {
  const [row] = rowsOf<Allocation>(
    await db.execute(sql`select id, status from centre_allocations where advertisement_id = ${advertisementId} and exam_paper_id = ${examPaperId} ${lock ? sql`for update` : sql``}`),
  );
  return row ? { id: Number(row.id), status: row.status } : null;
}

type SavedRange = CountedRange & { id: number; roomStatus: string; invigilatorStatus: string };

async function readRanges(db: Executor, allocationId: number): Promise<SavedRange[]> {
  const rows = rowsOf<SavedRange>(
    await db.execute(sql`
      select r.id, r.venue_id as "venueId", v.exam_centre_id as "examCentreId", r.roll_from as "rollFrom", r.roll_to as "rollTo", r.candidates,
        r.room_status as "roomStatus", r.invigilator_status as "invigilatorStatus"
      from centre_allocation_ranges r join exam_venues v on v.id = r.venue_id
      where r.allocation_id = ${allocationId} order by r.roll_from`),
  );
  return rows.map((row) => ({ ...row, id: Number(row.id), venueId: Number(row.venueId), examCentreId: Number(row.examCentreId), rollFrom: Number(row.rollFrom), rollTo: Number(row.rollTo), candidates: Number(row.candidates) }));
}

async function cityNames(db: Executor, cityIds: number[]): Promise<Map<number, { nameEn: string; nameNp: string }>> {
  if (cityIds.length === 0) return new Map();
  const rows = rowsOf<{ id: number; nameEn: string; nameNp: string }>(
    await db.execute(sql`select id, name_en as "nameEn", name_np as "nameNp" from exam_centres where id in (${sql.join(cityIds.map((id) => sql`${id}`), sql`, `)})`),
  );
  return new Map(rows.map((row) => [Number(row.id), { nameEn: row.nameEn, nameNp: row.nameNp }]));
}

const named = (lang: Language, row: { nameEn: string; nameNp: string } | undefined, fallback: number) => (row ? (lang === 'ne' ? row.nameNp : row.nameEn) : String(fallback));

/** The cities of the sitting with their candidates: count and the first and last roll number. */
function citySummaries(blocks: CityBlock[], names: Map<number, { nameEn: string; nameNp: string }>) {
  const byCity = new Map<number, { examCentreId: number; nameEn: string; nameNp: string; count: number; rollFrom: number; rollTo: number; blocks: { rollFrom: number; rollTo: number; count: number }[] }>();
  for (const block of blocks) {
    const city = byCity.get(block.examCentreId);
    const span = { rollFrom: block.rollFrom, rollTo: block.rollTo, count: block.count };
    if (city) {
      city.count += block.count;
      city.rollFrom = Math.min(city.rollFrom, block.rollFrom);
      city.rollTo = Math.max(city.rollTo, block.rollTo);
      city.blocks.push(span);
    } else {
      const name = names.get(block.examCentreId);
      byCity.set(block.examCentreId, { examCentreId: block.examCentreId, nameEn: name?.nameEn ?? '', nameNp: name?.nameNp ?? '', ...span, blocks: [span] });
    }
  }
  return [...byCity.values()];
}

/**
 * The proposal when nothing is saved: when another paper of the same advertisement already has a
 * final allocation, the same centres and ranges if they fit this sitting's free seats; otherwise
 * each city's centres filled in order up to their free seats.
 */
async function propose(db: Executor, sitting: Sitting, blocks: CityBlock[], venues: Venue[]) {
  const [other] = rowsOf<{ id: number; examPaperId: number }>(
    await db.execute(sql`
      select id, exam_paper_id as "examPaperId" from centre_allocations
      where advertisement_id = ${sitting.advertisementId} and exam_paper_id <> ${sitting.examPaperId} and status in ('final', 'complete')
      order by finalised_at desc nulls last, id desc limit 1`),
  );
  if (other) {
    const ranges = await readRanges(db, Number(other.id));
    const fits = checkCentreAllocation(ranges, blocks, venues, { venue: String, city: String }, true);
    if (fits.problem === null) return { source: 'paper' as const, fromExamPaperId: Number(other.examPaperId), ranges: fits.ranges, leftOver: [] };
  }
  return { source: 'capacity' as const, fromExamPaperId: null, ...proposeCentreAllocation(blocks, venues) };
}

/** One sitting: its candidates by city, the cities' centres with free seats, the saved ranges, and a proposal when nothing is saved. */
export async function getSitting(db: Database, advertisementId: number, examPaperId: number) {
  const sitting = await readSitting(db, advertisementId, examPaperId);
  const blocks = await readBlocks(db, advertisementId);
  const cityIds = [...new Set(blocks.map((block) => block.examCentreId))];
  const venues = await readVenues(db, sitting, cityIds);
  const allocation = await readAllocation(db, advertisementId, examPaperId);
  const ranges = allocation ? await readRanges(db, allocation.id) : [];
  const candidates = blocks.reduce((sum, block) => sum + block.count, 0);
  return {
    ...sitting,
    status: (allocation?.status ?? 'pending') as AllocationStatus,
    candidates,
    allocated: ranges.reduce((sum, range) => sum + range.candidates, 0),
    cities: citySummaries(blocks, await cityNames(db, cityIds)),
    venues,
    ranges,
    proposal: ranges.length === 0 ? await propose(db, sitting, blocks, venues) : null,
  };
}

/** The sittings that can be allocated with their state and counts, by exam time. */
export async function listSittings(db: Database, query: { page: number; pageSize: number; search?: string | undefined; status?: AllocationStatus | undefined }) {
  const filters: SQL[] = [SITTING];
  if (query.search) filters.push(sql`(ad.code ilike ${`%${query.search}%`} or po.name_en ilike ${`%${query.search}%`} or po.name_np ilike ${`%${query.search}%`})`);
  if (query.status) filters.push(sql`coalesce(ca.status, 'pending') = ${query.status}`);
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select sp.advertisement_id as "advertisementId", sp.exam_paper_id as "examPaperId", ad.code as "advertisementCode", ad.fiscal_year as "fiscalYear",
        po.name_en as "postNameEn", po.name_np as "postNameNp", p.subject_name_en as "subjectNameEn", p.subject_name_np as "subjectNameNp", p.paper_order as "paperOrder",
        sp.exam_date::text as "examDate", to_char(sp.start_time, 'HH24:MI') as "startTime", sp.duration_minutes as "durationMinutes",
        coalesce(ca.status, 'pending') as status,
        (select count(*)::int from roll_numbers r where r.advertisement_id = sp.advertisement_id) as candidates,
        coalesce(totals.centres, 0) as centres, coalesce(totals.allocated, 0) as allocated,
        count(*) over ()::int as total
      from exam_schedule_papers sp
      join advertisements ad on ad.id = sp.advertisement_id
      join exam_papers p on p.id = sp.exam_paper_id
      left join posts po on po.id = ad.post_id
      left join centre_allocations ca on ca.advertisement_id = sp.advertisement_id and ca.exam_paper_id = sp.exam_paper_id
      left join lateral (select count(*)::int as centres, sum(r.candidates)::int as allocated from centre_allocation_ranges r where r.allocation_id = ca.id) totals on true
      where ${sql.join(filters, sql` and `)}
      order by sp.exam_date desc, sp.start_time, ad.code, p.paper_order
      limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`),
  );
  return { items: rows.map(({ total: _total, ...row }) => row), total: Number(rows[0]?.total ?? 0) };
}

/** Locks (creating on the first save) the sitting's allocation row. */
async function lockAllocation(tx: Executor, sitting: Sitting, actor: Actor, create: boolean): Promise<Allocation | null> {
  if (create) {
    await tx.execute(sql`
      insert into centre_allocations (advertisement_id, exam_paper_id, status, saved_by) values (${sitting.advertisementId}, ${sitting.examPaperId}, 'temporary', ${actor.actorUserId})
      on conflict (advertisement_id, exam_paper_id) do nothing`);
  }
  return readAllocation(tx, sitting.advertisementId, sitting.examPaperId, true);
}

/** Locks the centres the ranges use, in id order, so capacity is read and taken one sitting at a time. */
async function lockVenues(tx: Executor, venueIds: number[]) {
  if (venueIds.length === 0) return;
  const ids = [...new Set(venueIds)].sort((a, b) => a - b);
  await tx.execute(sql`select id from exam_venues where id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)}) order by id for update`);
}

/** Refuses with the rule's message; roll spans are text, so their digits follow the language here (spec §1). */
function refuse(problem: CentreAllocationProblem, lang: Language): never {
  const { rolls, ...rest } = problem.messageParams;
  const messageParams = rolls === undefined ? rest : { ...rest, rolls: lang === 'ne' ? toDevanagariDigits(String(rolls)) : rolls };
  throw new AppError('UNPROCESSABLE', { messageKey: problem.messageKey, messageParams });
}

const sittingKey = (sitting: { advertisementId: number; examPaperId: number }) => `${sitting.advertisementId}/${sitting.examPaperId}`;

/**
 * Temporary and final save: replaces the sitting's ranges after the checks (centres of the
 * sitting's cities, no overlap, the centre's city's rolls only, within free seats; final: no roll
 * left without a centre). A final save also writes a seat row for every candidate of the sitting,
 * with the centre only, in one insert ... select.
 */
export async function saveAllocation(db: Database, advertisementId: number, examPaperId: number, input: CentreAllocationSaveInput, final: boolean, lang: Language, actor: Actor) {
  return db.transaction(async (tx) => {
    const sitting = await readSitting(tx, advertisementId, examPaperId);
    const allocation = (await lockAllocation(tx, sitting, actor, true))!;
    if (allocation.status !== 'temporary') throw new AppError('CONFLICT', { messageKey: 'centreAllocation.notEditable' });
    await lockVenues(tx, input.ranges.map((range) => range.venueId));
    const blocks = await readBlocks(tx, advertisementId);
    const cityIds = [...new Set(blocks.map((block) => block.examCentreId))];
    const venues = await readVenues(tx, sitting, cityIds);
    const cities = await cityNames(tx, cityIds);
    const venueNames = new Map(venues.map((venue) => [venue.venueId, venue]));
    const checked = checkCentreAllocation(
      input.ranges as VenueRange[],
      blocks,
      venues,
      { venue: (id) => named(lang, venueNames.get(id), id), city: (id) => named(lang, cities.get(id), id) },
      final,
    );
    if (checked.problem) refuse(checked.problem, lang);
    const before = await readRanges(tx, allocation.id);

    await tx.execute(sql`delete from centre_allocation_ranges where allocation_id = ${allocation.id}`);
    if (checked.ranges.length > 0) {
      await tx.execute(sql`
        insert into centre_allocation_ranges (allocation_id, venue_id, roll_from, roll_to, candidates)
        values ${sql.join(
          checked.ranges.map((range) => sql`(${allocation.id}, ${range.venueId}, ${range.rollFrom}, ${range.rollTo}, ${range.candidates})`),
          sql`, `,
        )}`);
    }
    if (final) {
      await tx.execute(sql`
        update centre_allocations set status = 'final', saved_by = ${actor.actorUserId}, saved_at = now(), finalised_by = ${actor.actorUserId}, finalised_at = now()
        where id = ${allocation.id}`);
      await tx.execute(sql`delete from seat_assignments where allocation_id = ${allocation.id}`);
      // One statement for every candidate of the sitting: each roll number joined to the range holding it.
      await tx.execute(sql`
        insert into seat_assignments (allocation_id, application_id, roll_number, venue_id)
        select ${allocation.id}, rn.application_id, rn.roll_number, r.venue_id
        from centre_allocation_ranges r
        join roll_numbers rn on rn.advertisement_id = ${advertisementId} and rn.roll_number between r.roll_from and r.roll_to
        where r.allocation_id = ${allocation.id}`);
      // The rooms' final saves then update these rows a centre at a time, joining on them: with
      // statistics taken while the table was nearly empty (the first sitting, or after a revert)
      // the planner loops over all of them for every seat, a minute instead of seconds for 150
      // centres. A sample of the table now keeps those plans on the indexes.
      await tx.execute(sql`analyze seat_assignments`);
    } else {
      await tx.execute(sql`update centre_allocations set saved_by = ${actor.actorUserId}, saved_at = now() where id = ${allocation.id}`);
    }
    const candidates = checked.ranges.reduce((sum, range) => sum + range.candidates, 0);
    await recordAudit(tx, {
      ...actor,
      action: final ? 'centre-allocation-final' : 'centre-allocation-temporary',
      entity: 'centre_allocations',
      entityId: sittingKey(sitting),
      before: before.length ? { ranges: before.map(({ venueId, rollFrom, rollTo, candidates: count }) => ({ venueId, rollFrom, rollTo, candidates: count })) } : null,
      after: { code: sitting.advertisementCode, paper: sitting.subjectNameEn, centres: checked.ranges.length, candidates, ranges: checked.ranges.map(({ venueId, rollFrom, rollTo, candidates: count }) => ({ venueId, rollFrom, rollTo, candidates: count })) },
    });
    return { advertisementId, examPaperId, status: final ? ('final' as const) : ('temporary' as const), centres: checked.ranges.length, candidates };
  });
}

/** The first range (by roll) whose rooms are final, with its centre's name. */
async function firstRange(tx: Executor, allocationId: number, where: SQL, lang: Language) {
  const [row] = rowsOf<{ nameEn: string; nameNp: string; venueId: number }>(
    await tx.execute(sql`
      select v.name_en as "nameEn", v.name_np as "nameNp", v.id as "venueId" from centre_allocation_ranges r join exam_venues v on v.id = r.venue_id
      where r.allocation_id = ${allocationId} and ${where} order by r.roll_from limit 1`),
  );
  return row ? named(lang, row, Number(row.venueId)) : null;
}

/**
 * Revert (final -> temporary): refused once any centre's rooms are final; takes back the seat rows,
 * the room shares and invigilator duties of the sitting, and sets every centre's states to pending.
 */
export async function revertAllocation(db: Database, advertisementId: number, examPaperId: number, lang: Language, actor: Actor) {
  return db.transaction(async (tx) => {
    const sitting = await readSitting(tx, advertisementId, examPaperId);
    const allocation = await lockAllocation(tx, sitting, actor, false);
    if (allocation?.status !== 'final') throw new AppError('CONFLICT', { messageKey: 'centreAllocation.notFinal' });
    const roomsFinal = await firstRange(tx, allocation.id, sql`r.room_status = 'final'`, lang);
    if (roomsFinal) throw new AppError('UNPROCESSABLE', { messageKey: 'centreAllocation.roomsFinal', messageParams: { centre: roomsFinal } });
    await tx.execute(sql`delete from seat_assignments where allocation_id = ${allocation.id}`);
    await tx.execute(sql`delete from room_allocations where range_id in (select id from centre_allocation_ranges where allocation_id = ${allocation.id})`);
    await tx.execute(sql`delete from invigilator_assignments where range_id in (select id from centre_allocation_ranges where allocation_id = ${allocation.id})`);
    await tx.execute(sql`
      update centre_allocation_ranges set room_status = 'pending', rooms_saved_by = null, rooms_saved_at = null,
        invigilator_status = 'pending', invigilators_saved_by = null, invigilators_saved_at = null
      where allocation_id = ${allocation.id}`);
    await tx.execute(sql`update centre_allocations set status = 'temporary', finalised_by = null, finalised_at = null where id = ${allocation.id}`);
    await recordAudit(tx, { ...actor, action: 'centre-allocation-revert', entity: 'centre_allocations', entityId: sittingKey(sitting), before: { status: 'final' }, after: { code: sitting.advertisementCode, paper: sitting.subjectNameEn, status: 'temporary' } });
    return { advertisementId, examPaperId, status: 'temporary' as const };
  });
}

/** Complete (final -> complete): every centre's rooms and invigilators must be final. */
export async function completeAllocation(db: Database, advertisementId: number, examPaperId: number, lang: Language, actor: Actor) {
  return db.transaction(async (tx) => {
    const sitting = await readSitting(tx, advertisementId, examPaperId);
    const allocation = await lockAllocation(tx, sitting, actor, false);
    if (allocation?.status !== 'final') throw new AppError('CONFLICT', { messageKey: 'centreAllocation.notFinal' });
    const notReady = await firstRange(tx, allocation.id, sql`(r.room_status <> 'final' or r.invigilator_status <> 'final')`, lang);
    if (notReady) throw new AppError('UNPROCESSABLE', { messageKey: 'centreAllocation.notReady', messageParams: { centre: notReady } });
    await tx.execute(sql`update centre_allocations set status = 'complete', completed_by = ${actor.actorUserId}, completed_at = now() where id = ${allocation.id}`);
    await recordAudit(tx, { ...actor, action: 'centre-allocation-complete', entity: 'centre_allocations', entityId: sittingKey(sitting), before: { status: 'final' }, after: { code: sitting.advertisementCode, paper: sitting.subjectNameEn, status: 'complete' } });
    return { advertisementId, examPaperId, status: 'complete' as const };
  });
}

/** Removes one centre's range while the allocation is temporary. */
export async function removeCentre(db: Database, advertisementId: number, examPaperId: number, venueId: number, actor: Actor) {
  return db.transaction(async (tx) => {
    const sitting = await readSitting(tx, advertisementId, examPaperId);
    const allocation = await lockAllocation(tx, sitting, actor, false);
    if (!allocation) throw new AppError('NOT_FOUND', { messageKey: 'centreAllocation.noRange' });
    if (allocation.status !== 'temporary') throw new AppError('CONFLICT', { messageKey: 'centreAllocation.notEditable' });
    const [removed] = rowsOf<{ rollFrom: unknown; rollTo: unknown; candidates: number }>(
      await tx.execute(sql`delete from centre_allocation_ranges where allocation_id = ${allocation.id} and venue_id = ${venueId} returning roll_from as "rollFrom", roll_to as "rollTo", candidates`),
    );
    if (!removed) throw new AppError('NOT_FOUND', { messageKey: 'centreAllocation.noRange' });
    const range = { venueId, rollFrom: Number(removed.rollFrom), rollTo: Number(removed.rollTo), candidates: Number(removed.candidates) };
    await recordAudit(tx, { ...actor, action: 'centre-allocation-remove', entity: 'centre_allocations', entityId: sittingKey(sitting), before: range, after: { code: sitting.advertisementCode, paper: sitting.subjectNameEn } });
    return { advertisementId, examPaperId, removed: range };
  });
}

/** The sitting's allocated candidates with their centre (seat rows), paged, by roll; search by roll number or name. */
export async function listAllocatedCandidates(
  db: Database,
  advertisementId: number,
  examPaperId: number,
  query: { page: number; pageSize: number; search?: string | undefined; venueId?: number | undefined },
) {
  const allocation = await readAllocation(db, advertisementId, examPaperId);
  if (!allocation) return { items: [], total: 0 };
  const filters: SQL[] = [sql`s.allocation_id = ${allocation.id}`];
  if (query.venueId) filters.push(sql`s.venue_id = ${query.venueId}`);
  if (query.search) {
    const digits = /^\d+$/.test(query.search) ? Number(query.search) : null;
    filters.push(
      digits !== null
        ? sql`s.roll_number = ${digits}`
        : sql`(u.first_name_en || ' ' || coalesce(u.middle_name_en || ' ', '') || u.last_name_en) ilike ${`%${query.search}%`}`,
    );
  }
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select s.roll_number as "rollNumber", s.application_id as "applicationId",
        trim(u.first_name_en || ' ' || coalesce(u.middle_name_en || ' ', '') || u.last_name_en) as "nameEn",
        nullif(trim(coalesce(u.first_name_np, '') || ' ' || coalesce(u.middle_name_np || ' ', '') || coalesce(u.last_name_np, '')), '') as "nameNp",
        ec.name_en as "cityEn", ec.name_np as "cityNp", v.id as "venueId", v.name_en as "venueEn", v.name_np as "venueNp",
        room.room_number as "roomNumber", s.seat_number as "seatNumber",
        count(*) over ()::int as total
      from seat_assignments s
      join applications a on a.id = s.application_id
      join users u on u.id = a.user_id
      join exam_venues v on v.id = s.venue_id
      join exam_centres ec on ec.id = v.exam_centre_id
      left join exam_venue_rooms room on room.id = s.room_id
      where ${sql.join(filters, sql` and `)}
      order by s.roll_number
      limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`),
  );
  return { items: rows.map(({ total: _total, rollNumber, ...row }) => ({ ...row, rollNumber: Number(rollNumber) })), total: Number(rows[0]?.total ?? 0) };
}

/**
 * The report (spec §7 "report by {advtCode}/{pageNumber}/{pageLength}"): per sitting and centre the
 * range and its count, paged; one advertisement's by code or id, or every one.
 */
export async function allocationReport(db: Database, query: { page: number; pageSize: number; advertisementCode?: string | undefined; advertisementId?: number | undefined }) {
  const filters: SQL[] = [sql`true`];
  if (query.advertisementCode) filters.push(sql`ad.code = ${query.advertisementCode}`);
  if (query.advertisementId) filters.push(sql`ad.id = ${query.advertisementId}`);
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select ad.id as "advertisementId", ad.code as "advertisementCode", ad.fiscal_year as "fiscalYear", po.name_en as "postNameEn", po.name_np as "postNameNp",
        ca.exam_paper_id as "examPaperId", p.subject_name_en as "subjectNameEn", p.subject_name_np as "subjectNameNp",
        sp.exam_date::text as "examDate", to_char(sp.start_time, 'HH24:MI') as "startTime", ca.status,
        ec.name_en as "cityEn", ec.name_np as "cityNp", v.id as "venueId", v.name_en as "venueEn", v.name_np as "venueNp", v.capacity,
        r.roll_from as "rollFrom", r.roll_to as "rollTo", r.candidates, r.room_status as "roomStatus", r.invigilator_status as "invigilatorStatus",
        count(*) over ()::int as total
      from centre_allocations ca
      join advertisements ad on ad.id = ca.advertisement_id
      left join posts po on po.id = ad.post_id
      join exam_papers p on p.id = ca.exam_paper_id
      join exam_schedule_papers sp on sp.advertisement_id = ca.advertisement_id and sp.exam_paper_id = ca.exam_paper_id
      join centre_allocation_ranges r on r.allocation_id = ca.id
      join exam_venues v on v.id = r.venue_id
      join exam_centres ec on ec.id = v.exam_centre_id
      where ${sql.join(filters, sql` and `)}
      order by ad.code, sp.exam_date, sp.start_time, p.paper_order, r.roll_from
      limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`),
  );
  return {
    items: rows.map(({ total: _total, rollFrom, rollTo, ...row }) => ({ ...row, rollFrom: Number(rollFrom), rollTo: Number(rollTo) })),
    total: Number(rows[0]?.total ?? 0),
  };
}

/** The advertisements with allocated centres (assign-exam-center): sittings, allocated sittings, centres used. */
export async function listAllocatedAdvertisements(db: Database, query: { page: number; pageSize: number; search?: string | undefined }) {
  const search = query.search ? sql`and (ad.code ilike ${`%${query.search}%`} or po.name_en ilike ${`%${query.search}%`})` : sql``;
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select ad.id as "advertisementId", ad.code as "advertisementCode", ad.fiscal_year as "fiscalYear", po.name_en as "postNameEn", po.name_np as "postNameNp",
        count(distinct ca.id)::int as sittings,
        count(distinct ca.id) filter (where ca.status in ('final', 'complete'))::int as "finalSittings",
        count(distinct r.venue_id)::int as centres,
        min(sp.exam_date)::text as "firstExamDate",
        count(*) over ()::int as total
      from centre_allocations ca
      join advertisements ad on ad.id = ca.advertisement_id
      left join posts po on po.id = ad.post_id
      left join exam_schedule_papers sp on sp.advertisement_id = ca.advertisement_id and sp.exam_paper_id = ca.exam_paper_id
      left join centre_allocation_ranges r on r.allocation_id = ca.id
      where true ${search}
      group by ad.id, ad.code, ad.fiscal_year, po.name_en, po.name_np
      order by min(sp.exam_date) desc nulls last, ad.code
      limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`),
  );
  return { items: rows.map(({ total: _total, ...row }) => row), total: Number(rows[0]?.total ?? 0) };
}

/** Who saved, finalised, reverted, completed or removed what, when (the audit rows of these actions). */
export async function allocationHistory(db: Database, query: { page: number; pageSize: number; advertisementId?: number | undefined; examPaperId?: number | undefined }) {
  const filters: SQL[] = [sql`l.entity = 'centre_allocations'`];
  if (query.advertisementId && query.examPaperId) filters.push(sql`l.entity_id = ${`${query.advertisementId}/${query.examPaperId}`}`);
  else if (query.advertisementId) filters.push(sql`l.entity_id like ${`${query.advertisementId}/%`}`);
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select l.id, l.occurred_at as "at", l.action, l.entity_id as "sitting", l.after->>'code' as "advertisementCode", l.after->>'paper' as "paper",
        (l.after->>'centres')::int as centres, (l.after->>'candidates')::int as candidates,
        u.username, trim(u.first_name_en || ' ' || u.last_name_en) as "actorName",
        count(*) over ()::int as total
      from audit_log l left join users u on u.id = l.actor_user_id
      where ${sql.join(filters, sql` and `)}
      order by l.id desc
      limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`),
  );
  return {
    items: rows.map(({ total: _total, id, at, ...row }) => ({ id: Number(id), at: new Date(at as string).toISOString(), ...row })),
    total: Number(rows[0]?.total ?? 0),
  };
}
