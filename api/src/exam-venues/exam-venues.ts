import type { ExamVenueListQuery, ExamVenueRoomValues, ExamVenueValues } from '@psc/core';
import { schema, type Database } from '@psc/db';
import { and, asc, count, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { recordAudit } from '../audit/record-audit';
import { AppError } from '../http/errors';
import { FOREIGN_KEY_VIOLATION, findPostgresCode, UNIQUE_VIOLATION } from '../http/database-errors';
import { likePattern, translateWriteError, type Actor } from '../master/master-rows';

// Exam centres (schools and campuses in a city) and their rooms: master data [MC] (spec §3
// "Exam centre"). A centre or room that allocations refer to cannot be deleted, only deactivated.

const v = schema.examVenues;
const r = schema.examVenueRooms;
const city = schema.examCentres;

/** Active rooms' count and seats of each centre, one aggregate for the page. */
const activeRooms = sql<number>`count(${r.id}) filter (where ${r.isActive})`.mapWith(Number);
const activeSeats = sql<number>`coalesce(sum(${r.seats}) filter (where ${r.isActive}), 0)`.mapWith(Number);

export async function listExamVenues(db: Database, query: ExamVenueListQuery) {
  const conditions: SQL[] = [];
  if (query.cityId !== undefined) conditions.push(eq(v.examCentreId, query.cityId));
  if (query.search) {
    const pattern = likePattern(query.search);
    conditions.push(or(ilike(v.nameEn, pattern), ilike(v.nameNp, pattern), ilike(v.addressEn, pattern), ilike(v.addressNp, pattern)) as SQL);
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [items, [total]] = await Promise.all([
    db
      .select({
        id: v.id,
        examCentreId: v.examCentreId,
        cityNameEn: city.nameEn,
        cityNameNp: city.nameNp,
        nameEn: v.nameEn,
        nameNp: v.nameNp,
        addressEn: v.addressEn,
        addressNp: v.addressNp,
        capacity: v.capacity,
        contactPerson: v.contactPerson,
        contactNumber: v.contactNumber,
        isActive: v.isActive,
        rooms: activeRooms,
        seats: activeSeats,
      })
      .from(v)
      .innerJoin(city, eq(city.id, v.examCentreId))
      .leftJoin(r, eq(r.venueId, v.id))
      .where(where)
      .groupBy(v.id, city.id)
      .orderBy(asc(city.nameEn), asc(v.nameEn), asc(v.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ value: count() }).from(v).where(where),
  ]);
  return { items, total: Number(total?.value ?? 0) };
}

/** One centre, its city's names and every room (inactive ones too), in room-number order. */
export async function getExamVenue(db: Pick<Database, 'select'>, id: number) {
  const [venue] = await db
    .select({ venue: v, cityNameEn: city.nameEn, cityNameNp: city.nameNp })
    .from(v)
    .innerJoin(city, eq(city.id, v.examCentreId))
    .where(eq(v.id, id))
    .limit(1);
  if (!venue) throw new AppError('NOT_FOUND');
  const rooms = await db.select().from(r).where(eq(r.venueId, id)).orderBy(asc(r.roomNumber), asc(r.id));
  return { ...venue.venue, cityNameEn: venue.cityNameEn, cityNameNp: venue.cityNameNp, rooms };
}

/** A city that does not exist is the form's mistake, not a server fault. */
function translateVenueWriteError(error: unknown): never {
  if (findPostgresCode(error) === FOREIGN_KEY_VIOLATION) {
    throw new AppError('UNPROCESSABLE', { messageKey: 'examVenues.cityNotFound' });
  }
  translateWriteError(error);
}

export async function createExamVenue(db: Database, values: ExamVenueValues, actor: Actor) {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx.insert(v).values(values).returning();
      await recordAudit(tx, { ...actor, action: 'create', entity: 'exam-venues', entityId: row!.id, before: null, after: row });
      return row!;
    });
  } catch (error) {
    translateVenueWriteError(error);
  }
}

async function lockVenue(tx: Pick<Database, 'select'>, id: number) {
  const [row] = await tx.select().from(v).where(eq(v.id, id)).for('update').limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

export async function updateExamVenue(db: Database, id: number, values: ExamVenueValues, actor: Actor) {
  try {
    return await db.transaction(async (tx) => {
      const before = await lockVenue(tx, id);
      const [row] = await tx.update(v).set(values).where(eq(v.id, id)).returning();
      await recordAudit(tx, { ...actor, action: 'update', entity: 'exam-venues', entityId: id, before, after: row });
      return row!;
    });
  } catch (error) {
    translateVenueWriteError(error);
  }
}

/**
 * A centre goes with its rooms. If an allocation, a seat or a duty names the centre or any of
 * its rooms, the database refuses and nothing is deleted: 409, deactivate it instead.
 */
export async function deleteExamVenue(db: Database, id: number, actor: Actor) {
  try {
    await db.transaction(async (tx) => {
      const before = await lockVenue(tx, id);
      const rooms = await tx.delete(r).where(eq(r.venueId, id)).returning();
      await tx.delete(v).where(eq(v.id, id));
      await recordAudit(tx, { ...actor, action: 'delete', entity: 'exam-venues', entityId: id, before: { ...before, rooms }, after: null });
    });
  } catch (error) {
    if (findPostgresCode(error) === FOREIGN_KEY_VIOLATION) throw new AppError('CONFLICT', { messageKey: 'error.IN_USE' });
    translateWriteError(error);
  }
}

function translateRoomWriteError(error: unknown): never {
  if (findPostgresCode(error) === UNIQUE_VIOLATION) throw new AppError('CONFLICT', { messageKey: 'examVenues.roomNumberTaken' });
  translateWriteError(error);
}

async function lockRoom(tx: Pick<Database, 'select'>, venueId: number, roomId: number) {
  const [row] = await tx
    .select()
    .from(r)
    .where(and(eq(r.id, roomId), eq(r.venueId, venueId)))
    .for('update')
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

export async function addExamVenueRoom(db: Database, venueId: number, values: ExamVenueRoomValues, actor: Actor) {
  try {
    return await db.transaction(async (tx) => {
      await lockVenue(tx, venueId);
      const [row] = await tx
        .insert(r)
        .values({ ...values, venueId })
        .returning();
      await recordAudit(tx, { ...actor, action: 'create', entity: 'exam-venue-rooms', entityId: row!.id, before: null, after: row });
      return row!;
    });
  } catch (error) {
    translateRoomWriteError(error);
  }
}

export async function updateExamVenueRoom(db: Database, venueId: number, roomId: number, values: ExamVenueRoomValues, actor: Actor) {
  try {
    return await db.transaction(async (tx) => {
      const before = await lockRoom(tx, venueId, roomId);
      const [row] = await tx.update(r).set(values).where(eq(r.id, roomId)).returning();
      await recordAudit(tx, { ...actor, action: 'update', entity: 'exam-venue-rooms', entityId: roomId, before, after: row });
      return row!;
    });
  } catch (error) {
    translateRoomWriteError(error);
  }
}

export async function deleteExamVenueRoom(db: Database, venueId: number, roomId: number, actor: Actor) {
  try {
    await db.transaction(async (tx) => {
      const before = await lockRoom(tx, venueId, roomId);
      await tx.delete(r).where(eq(r.id, roomId));
      await recordAudit(tx, { ...actor, action: 'delete', entity: 'exam-venue-rooms', entityId: roomId, before, after: null });
    });
  } catch (error) {
    if (findPostgresCode(error) === FOREIGN_KEY_VIOLATION) throw new AppError('CONFLICT', { messageKey: 'error.IN_USE' });
    translateWriteError(error);
  }
}

/**
 * The seating stages' view (centre allocation, rooms, reports, center-list): for each city with
 * an active centre, its active centres with their active rooms, and the totals. Optionally one
 * city only.
 */
export async function listCitiesWithVenues(db: Database, cityId: number | undefined) {
  const venues = await db
    .select({
      id: v.id,
      examCentreId: v.examCentreId,
      nameEn: v.nameEn,
      nameNp: v.nameNp,
      addressEn: v.addressEn,
      addressNp: v.addressNp,
      capacity: v.capacity,
      contactPerson: v.contactPerson,
      contactNumber: v.contactNumber,
    })
    .from(v)
    .where(and(eq(v.isActive, true), cityId === undefined ? undefined : eq(v.examCentreId, cityId)))
    .orderBy(asc(v.nameEn), asc(v.id));
  if (venues.length === 0) return [];
  const venueIds = venues.map((venue) => venue.id);
  const cityIds = [...new Set(venues.map((venue) => venue.examCentreId))];
  const [cities, rooms] = await Promise.all([
    db.select({ id: city.id, nameEn: city.nameEn, nameNp: city.nameNp }).from(city).where(inArray(city.id, cityIds)).orderBy(asc(city.nameEn), asc(city.id)),
    db
      .select({ id: r.id, venueId: r.venueId, roomNumber: r.roomNumber, floor: r.floor, seats: r.seats })
      .from(r)
      .where(and(inArray(r.venueId, venueIds), eq(r.isActive, true)))
      .orderBy(asc(r.roomNumber), asc(r.id)),
  ]);
  const roomsOf = new Map<number, typeof rooms>();
  for (const room of rooms) roomsOf.set(room.venueId, [...(roomsOf.get(room.venueId) ?? []), room]);
  return cities.map((one) => {
    const own = venues
      .filter((venue) => venue.examCentreId === one.id)
      .map((venue) => {
        const venueRooms = (roomsOf.get(venue.id) ?? []).map(({ venueId: _venueId, ...room }) => room);
        return { ...venue, rooms: venueRooms, seats: venueRooms.reduce((sum, room) => sum + room.seats, 0) };
      });
    return {
      cityId: one.id,
      cityNameEn: one.nameEn,
      cityNameNp: one.nameNp,
      venues: own,
      capacity: own.reduce((sum, venue) => sum + venue.capacity, 0),
      rooms: own.reduce((sum, venue) => sum + venue.rooms.length, 0),
      seats: own.reduce((sum, venue) => sum + venue.seats, 0),
    };
  });
}
