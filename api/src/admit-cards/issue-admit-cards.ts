import { arrayLiteral, BUSY_STATEMENT_BATCHES, createStatementBatcher, type Database, oncePerDatabase, prepareStatement } from '@psc/db';
import { sql, type SQL } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { markAdmitCardsIssued } from '../roll-numbers/generate-roll-numbers';

// spec §7 "Admit card: generate": an application's card is generated the first time it is read
// once its exam is seated to the seat. Generating is an insert of the ready applications among
// those read (a page of the candidate's list), so a list of ten costs one indexed read when every
// card exists already, and one insert ... select when some may be new: never a statement per card.

export type AdmitCardRef = { id: string; confirmedAt: string | null };

/**
 * Whether application `a` is seated for its whole exam: its schedule approved and, for every paper
 * not skipped, the sitting's centre allocation final (spec §4 "final save"), its centre's rooms
 * final and its own seat given. A candidate must never travel to a centre or a room that then
 * changes, so nothing temporary or forwarded counts.
 */
export function isSeatedForWholeExam(application: SQL): SQL {
  return sql`exists (select 1 from exam_schedules s where s.advertisement_id = ${application}.advertisement_id and s.status = 'approved')
    and exists (select 1 from roll_numbers rn where rn.application_id = ${application}.id)
    and exists (select 1 from exam_schedule_papers sp where sp.advertisement_id = ${application}.advertisement_id and not sp.skipped)
    and not exists (
      select 1 from exam_schedule_papers sp
      where sp.advertisement_id = ${application}.advertisement_id and not sp.skipped
        and not exists (
          select 1 from centre_allocations ca
          join seat_assignments sa on sa.allocation_id = ca.id and sa.application_id = ${application}.id
          join centre_allocation_ranges r on r.allocation_id = ca.id and r.venue_id = sa.venue_id
          where ca.advertisement_id = ${application}.advertisement_id and ca.exam_paper_id = sp.exam_paper_id
            and ca.status in ('final', 'complete') and r.room_status = 'final' and sa.seat_number is not null))`;
}

/** 128 random bits: a card's link can be neither guessed nor counted through. */
export function newAdmitCardId(): string {
  return randomBytes(16).toString('base64url');
}

type CardRow = { applicationId: number; id: string; confirmedAt: string | Date | null };
type InsertedRow = CardRow & { advertisementId: number };

const toRef = (row: CardRow): AdmitCardRef => ({ id: row.id, confirmedAt: row.confirmedAt === null ? null : new Date(row.confirmedAt).toISOString() });

const READ_CARDS_SQL = sql`select application_id as "applicationId", id, confirmed_at as "confirmedAt" from admit_cards where application_id = any(${sql.placeholder('applicationIds')}::int[])`;

const INSERT_CARDS_SQL = sql`
  insert into admit_cards (id, application_id, advertisement_id)
  select k.card_id, a.id, a.advertisement_id
  from unnest(${sql.placeholder('applicationIds')}::int[], ${sql.placeholder('cardIds')}::text[]) as k(application_id, card_id)
  join applications a on a.id = k.application_id and a.deleted_at is null
  where ${isSeatedForWholeExam(sql`a`)}
  on conflict (application_id) do nothing
  returning application_id as "applicationId", id, confirmed_at as "confirmedAt", advertisement_id as "advertisementId"`;

/** Each request's own applications' rows among a batch's (an application may be asked by several). */
function rowsFor<Row extends { applicationId: number }>(inputs: (readonly number[])[], rows: Row[]): Row[][] {
  return inputs.map((applicationIds) => {
    const asked = new Set(applicationIds);
    return rows.filter((row) => asked.has(Number(row.applicationId)));
  });
}

const union = (inputs: (readonly number[])[]) => [...new Set(inputs.flat())];

// Every candidate's application list issues their cards: at the release all of them at once. Both
// statements are prepared once per database (the insert's seating rule cost more to plan than to
// run) and batched, so one read, and at the release one insert, answers every list that arrived
// together.
const cardStatementsOf = oncePerDatabase((db: Database) => {
  const read = prepareStatement<CardRow>(db, 'read_admit_cards_of', READ_CARDS_SQL);
  const insert = prepareStatement<InsertedRow>(db, 'issue_admit_cards', INSERT_CARDS_SQL);
  return {
    read: createStatementBatcher<readonly number[], CardRow[]>(async (inputs) => rowsFor(inputs, await read.all({ applicationIds: arrayLiteral(union(inputs)) })), BUSY_STATEMENT_BATCHES),
    insert: createStatementBatcher<readonly number[], InsertedRow[]>(async (inputs) => {
      const applicationIds = union(inputs);
      const inserted = await insert.all({ applicationIds: arrayLiteral(applicationIds), cardIds: arrayLiteral(applicationIds.map(() => newAdmitCardId())) });
      for (const advertisementId of new Set(inserted.map((row) => Number(row.advertisementId)))) await markAdmitCardsIssued(db, advertisementId);
      return rowsFor(inputs, inserted);
    }, BUSY_STATEMENT_BATCHES),
  };
});

/**
 * The admit cards of these applications by application id, generating those now due. The first
 * card of an advertisement marks its admit cards issued (no roll-number regeneration after that).
 */
export async function issueAdmitCards(db: Database, applicationIds: readonly number[]): Promise<Map<number, AdmitCardRef>> {
  const cards = new Map<number, AdmitCardRef>();
  if (applicationIds.length === 0) return cards;
  const statements = cardStatementsOf(db);
  for (const row of await statements.read(applicationIds)) cards.set(Number(row.applicationId), toRef(row));
  const missing = [...new Set(applicationIds)].filter((id) => !cards.has(id));
  if (missing.length === 0) return cards;
  for (const row of await statements.insert(missing)) cards.set(Number(row.applicationId), toRef(row));
  // A card another request generated at the same moment stands (on conflict do nothing) and is
  // read at the next list; reading back every application not yet due would cost each list of a
  // candidate still waiting a third statement.
  return cards;
}
