import { checkRollRange, type RollNumberAssignLateInput, type RollNumberGenerateInput, type RollRange, type TakenRollRange } from '@psc/core';
import { NUMBERED_APPLICATION, numberApplicationsStatement, schema, type Database } from '@psc/db';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../applications/rows-of';
import { recordAudit } from '../audit/record-audit';
import { AppError } from '../http/errors';
import { isFinal } from '../scrutiny/scrutiny-open';

// Roll-number generation [SA] (spec §2 generate/rollNo; §5 "Roll generation: advertisement code,
// from and to roll numbers required; to-roll must exceed from-roll"; DESIGN "The exam half":
// numbering over 100,000 rows is one set-based statement).
//
// Every approved and partially approved application of an advertisement whose scrutiny is
// finalised gets one number from the range typed, in core's roll order (compareRollOrder): grouped
// by the exam centre the candidate chose, centres by English name then id, and within a centre by
// the candidate's English full name then the application's id. So a centre takes whole
// consecutive ranges, and the number says nothing of the candidate's masterId.
//
// Concurrency: the advertisement's row is locked like scrutiny's finalise and reopen lock it, so
// no reopen lands in the middle; the office's roll-number ranges of the fiscal year are locked
// next, so two advertisements of one office and year are numbered one after the other and the
// overlap check holds until commit. The unique index (office, fiscal year, number) is the final
// guarantee.

type Actor = { actorUserId: number; requestId?: string | null; ipAddress?: string | null };
type Executor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

type LockedAdvertisement = { id: number; code: string; fiscalYear: string; organizationId: number };

async function lockAdvertisementByCode(tx: Executor, code: string): Promise<LockedAdvertisement> {
  const [row] = rowsOf<LockedAdvertisement>(
    await tx.execute(sql`
      select id, code, fiscal_year as "fiscalYear", organization_id as "organizationId" from advertisements
      where code = ${code} for no key update`),
  );
  if (!row) throw new AppError('NOT_FOUND', { messageKey: 'rollNumbers.advertisementNotFound', messageParams: { code } });
  const advertisement = { ...row, id: Number(row.id), organizationId: Number(row.organizationId) };
  if (!(await isFinal(tx, advertisement.id))) throw new AppError('UNPROCESSABLE', { messageKey: 'rollNumbers.notFinalised' });
  return advertisement;
}

const toRange = (row: { rollFrom: unknown; rollTo: unknown }): RollRange => ({ rollFrom: Number(row.rollFrom), rollTo: Number(row.rollTo) });

/** The office's active roll-number ranges of the fiscal year (master data); `lock` holds them until commit. */
export async function configuredRollRanges(db: Executor, organizationId: number, fiscalYear: string, lock = false): Promise<RollRange[]> {
  const rows = rowsOf<{ rollFrom: unknown; rollTo: unknown }>(
    await db.execute(sql`
      select roll_from as "rollFrom", roll_to as "rollTo" from roll_number_ranges
      where organization_id = ${organizationId} and fiscal_year = ${fiscalYear} and is_active
      order by roll_from ${lock ? sql`for update` : sql``}`),
  );
  return rows.map(toRange);
}

/** The ranges other advertisements of the office and fiscal year have reserved. */
export async function takenRollRanges(db: Executor, organizationId: number, fiscalYear: string, advertisementId: number): Promise<TakenRollRange[]> {
  const rows = rowsOf<{ rollFrom: unknown; rollTo: unknown; advertisementCode: string }>(
    await db.execute(sql`
      select s.roll_from as "rollFrom", s.roll_to as "rollTo", ad.code as "advertisementCode"
      from roll_number_series s join advertisements ad on ad.id = s.advertisement_id
      where s.organization_id = ${organizationId} and s.fiscal_year = ${fiscalYear} and s.advertisement_id <> ${advertisementId}
      order by s.roll_from`),
  );
  return rows.map((row) => ({ ...toRange(row), advertisementCode: row.advertisementCode }));
}

export async function approvedCount(db: Executor, advertisementId: number): Promise<number> {
  const [row] = rowsOf<{ value: number }>(await db.execute(sql`select count(*)::int as value from applications a where a.advertisement_id = ${advertisementId} and ${NUMBERED_APPLICATION}`));
  return Number(row?.value ?? 0);
}

type Series = RollRange & { admitCardsIssuedAt: string | null };

async function seriesOf(db: Executor, advertisementId: number): Promise<Series | null> {
  const [row] = rowsOf<{ rollFrom: unknown; rollTo: unknown; admitCardsIssuedAt: unknown }>(
    await db.execute(sql`select roll_from as "rollFrom", roll_to as "rollTo", admit_cards_issued_at as "admitCardsIssuedAt" from roll_number_series where advertisement_id = ${advertisementId}`),
  );
  return row ? { ...toRange(row), admitCardsIssuedAt: row.admitCardsIssuedAt ? new Date(row.admitCardsIssuedAt as string).toISOString() : null } : null;
}

function refuse(problem: ReturnType<typeof checkRollRange>) {
  if (problem) throw new AppError('UNPROCESSABLE', { messageKey: problem.messageKey, ...(problem.messageParams ? { messageParams: problem.messageParams } : {}) });
}

/**
 * Generates, or regenerates, an advertisement's roll numbers over the range typed. Regenerating
 * (a new range, or the same after late approvals) renumbers everyone and is allowed until admit
 * cards are issued; after that it is refused and late approvals take the next free numbers
 * (assignLateRollNumbers).
 */
export async function generateRollNumbers(db: Database, input: RollNumberGenerateInput, actor: Actor, now: Date = new Date()) {
  return db.transaction(async (tx) => {
    const advertisement = await lockAdvertisementByCode(tx, input.advertisementCode);
    const configured = await configuredRollRanges(tx, advertisement.organizationId, advertisement.fiscalYear, true);
    const previous = await seriesOf(tx, advertisement.id);
    if (previous?.admitCardsIssuedAt) throw new AppError('UNPROCESSABLE', { messageKey: 'rollNumbers.admitCardsIssued' });
    // Centre allocations give roll ranges to centres and copy each seat's roll number: renumbering
    // under them would seat candidates by numbers they no longer hold. Late approvals still take the
    // next free numbers (assignLateRollNumbers), which moves nobody.
    const [allocated] = rowsOf<{ papers: number }>(await tx.execute(sql`select count(*)::int as papers from centre_allocations where advertisement_id = ${advertisement.id}`));
    if (Number(allocated?.papers ?? 0) > 0) throw new AppError('UNPROCESSABLE', { messageKey: 'rollNumbers.centresAllocated', messageParams: { papers: Number(allocated!.papers) } });
    const approved = await approvedCount(tx, advertisement.id);
    if (approved === 0) throw new AppError('UNPROCESSABLE', { messageKey: 'rollNumbers.noApproved' });
    const typed = { rollFrom: input.rollFrom, rollTo: input.rollTo };
    refuse(checkRollRange(typed, approved, configured, await takenRollRanges(tx, advertisement.organizationId, advertisement.fiscalYear, advertisement.id)));

    if (previous) await tx.execute(sql`delete from roll_numbers where advertisement_id = ${advertisement.id}`);
    await tx.execute(numberApplicationsStatement(advertisement, typed.rollFrom, false));
    await tx.execute(sql`
      insert into roll_number_series (advertisement_id, organization_id, fiscal_year, roll_from, roll_to, generated_by, generated_at)
      values (${advertisement.id}, ${advertisement.organizationId}, ${advertisement.fiscalYear}, ${typed.rollFrom}, ${typed.rollTo}, ${actor.actorUserId}, ${now.toISOString()}::timestamptz)
      on conflict (advertisement_id) do update
      set roll_from = excluded.roll_from, roll_to = excluded.roll_to, generated_by = excluded.generated_by, generated_at = excluded.generated_at`);
    const action = previous ? 'regenerate' : 'generate';
    await tx.insert(schema.rollNumberRuns).values({ advertisementId: advertisement.id, action, rollFrom: typed.rollFrom, rollTo: typed.rollTo, assignedCount: approved, actorUserId: actor.actorUserId, at: now });
    await recordAudit(tx, {
      ...actor,
      action: `roll-numbers-${action}`,
      entity: 'roll_number_series',
      entityId: advertisement.id,
      before: previous ? { rollFrom: previous.rollFrom, rollTo: previous.rollTo } : null,
      after: { code: advertisement.code, ...typed, assigned: approved },
    });
    return { advertisementId: advertisement.id, advertisementCode: advertisement.code, action, ...typed, assigned: approved };
  });
}

/**
 * A late approval (scrutiny reopened, decided, finalised again) gets the next free number of the
 * advertisement's range, after its highest: nobody else's number changes, so admit cards already
 * issued stay right. Several late ones are numbered among themselves in the roll order.
 */
export async function assignLateRollNumbers(db: Database, input: RollNumberAssignLateInput, actor: Actor, now: Date = new Date()) {
  return db.transaction(async (tx) => {
    const advertisement = await lockAdvertisementByCode(tx, input.advertisementCode);
    const series = await seriesOf(tx, advertisement.id);
    if (!series) throw new AppError('UNPROCESSABLE', { messageKey: 'rollNumbers.notGenerated' });
    const [counts] = rowsOf<{ missing: number; highest: unknown }>(
      await tx.execute(sql`
        select (select count(*)::int from applications a where a.advertisement_id = ${advertisement.id} and ${NUMBERED_APPLICATION}
            and not exists (select 1 from roll_numbers r where r.application_id = a.id)) as missing,
          (select max(roll_number) from roll_numbers where advertisement_id = ${advertisement.id}) as highest`),
    );
    const missing = Number(counts?.missing ?? 0);
    if (missing === 0) throw new AppError('UNPROCESSABLE', { messageKey: 'rollNumbers.nothingLate' });
    const next = counts?.highest === null || counts?.highest === undefined ? series.rollFrom : Number(counts.highest) + 1;
    const free = Math.max(0, series.rollTo - next + 1);
    if (missing > free) throw new AppError('UNPROCESSABLE', { messageKey: 'rollNumbers.rangeFull', messageParams: { missing, free } });
    await tx.execute(numberApplicationsStatement(advertisement, next, true));
    const last = next + missing - 1;
    await tx.insert(schema.rollNumberRuns).values({ advertisementId: advertisement.id, action: 'assign-late', rollFrom: next, rollTo: last, assignedCount: missing, actorUserId: actor.actorUserId, at: now });
    await recordAudit(tx, {
      ...actor,
      action: 'roll-numbers-assign-late',
      entity: 'roll_number_series',
      entityId: advertisement.id,
      before: null,
      after: { code: advertisement.code, rollFrom: next, rollTo: last, assigned: missing },
    });
    return { advertisementId: advertisement.id, advertisementCode: advertisement.code, action: 'assign-late' as const, rollFrom: next, rollTo: last, assigned: missing };
  });
}

/** What the admit-card stage calls when it issues an advertisement's admit cards: from then on no regeneration. */
export async function markAdmitCardsIssued(db: Executor, advertisementId: number, now: Date = new Date()) {
  await db.execute(sql`update roll_number_series set admit_cards_issued_at = ${now.toISOString()}::timestamptz where advertisement_id = ${advertisementId} and admit_cards_issued_at is null`);
}
