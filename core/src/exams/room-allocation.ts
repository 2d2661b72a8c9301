import type { MessageKey } from '../i18n';

// Room and invigilator allocation (spec §3 "Exam-centre allocation: ... room number, roll number";
// spec §4 "Room and invigilator allocation: temporary save, revert, forward or final save").
//
// A centre's roll range in a sitting is split across its active rooms: rooms in room-number order
// ("2" before "10", as they are painted on the doors), each filled up to its seats, each taking a
// contiguous roll sub-range, so the gate list reads "room 1: rolls a-b, room 2: rolls c-d". The
// rules here are pure; the API reads the range's roll numbers and the rooms and writes the shares.

export type SplitRoom = { roomId: number; roomNumber: string; seats: number };
/** One room's share: a roll sub-range and how many of the range's roll numbers fall in it. */
export type RoomShare = { roomId: number; rollFrom: number; rollTo: number; candidates: number };
/** A refusal; `invigilatorId` names whom it is about, for the API to put their name in the message. */
export type SeatingProblem = { messageKey: MessageKey; messageParams?: Record<string, string | number>; invigilatorId?: number };

/** Room numbers in door order: digits compare as numbers ("2" < "10"), then as text. */
export function compareRoomNumbers(a: string, b: string): number {
  return a.localeCompare(b, 'en', { numeric: true, sensitivity: 'base' }) || (a < b ? -1 : a > b ? 1 : 0);
}

export const sortRooms = <R extends { roomNumber: string; roomId: number }>(rooms: readonly R[]): R[] =>
  [...rooms].sort((a, b) => compareRoomNumbers(a.roomNumber, b.roomNumber) || a.roomId - b.roomId);

/** How many of the sorted roll numbers lie in [from, to]. */
export function countInRange(sortedRolls: readonly number[], from: number, to: number): number {
  return lowerBound(sortedRolls, to + 1) - lowerBound(sortedRolls, from);
}

function lowerBound(sorted: readonly number[], value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle]! < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The default split: the range's candidates (their roll numbers, ascending) fill the rooms in
 * room-number order, each up to its seats. Refused when the rooms seat fewer than the range holds.
 */
export function splitRangeIntoRooms(sortedRolls: readonly number[], rooms: readonly SplitRoom[]): { shares: RoomShare[] } | { problem: SeatingProblem } {
  const ordered = sortRooms(rooms);
  const seats = ordered.reduce((sum, room) => sum + room.seats, 0);
  if (sortedRolls.length > seats) return { problem: { messageKey: 'roomAllocation.overCapacity', messageParams: { candidates: sortedRolls.length, seats } } };
  const shares: RoomShare[] = [];
  let next = 0;
  for (const room of ordered) {
    if (next >= sortedRolls.length) break;
    const taken = Math.min(room.seats, sortedRolls.length - next);
    shares.push({ roomId: room.roomId, rollFrom: sortedRolls[next]!, rollTo: sortedRolls[next + taken - 1]!, candidates: taken });
    next += taken;
  }
  return { shares };
}

/**
 * Checks shares typed or edited by staff against the range: each in a room of the centre and
 * once, from <= to, inside the range, in room-number order without overlap, within the room's
 * seats, at least one candidate each, and together covering every roll number of the range.
 * Answers the shares with their counts recomputed from the roll numbers.
 */
export function checkRoomShares(
  shares: readonly { roomId: number; rollFrom: number; rollTo: number }[],
  sortedRolls: readonly number[],
  range: { rollFrom: number; rollTo: number },
  rooms: readonly SplitRoom[],
): { shares: RoomShare[] } | { problem: SeatingProblem } {
  const byId = new Map(rooms.map((room) => [room.roomId, room]));
  const seen = new Set<number>();
  const counted: (RoomShare & { roomNumber: string })[] = [];
  for (const share of shares) {
    const room = byId.get(share.roomId);
    if (!room || seen.has(share.roomId)) return { problem: { messageKey: 'roomAllocation.unknownRoom' } };
    seen.add(share.roomId);
    if (share.rollTo < share.rollFrom) return { problem: { messageKey: 'roomAllocation.shareOrder', messageParams: { room: room.roomNumber } } };
    if (share.rollFrom < range.rollFrom || share.rollTo > range.rollTo)
      return { problem: { messageKey: 'roomAllocation.shareOutsideRange', messageParams: { room: room.roomNumber, from: range.rollFrom, to: range.rollTo } } };
    const candidates = countInRange(sortedRolls, share.rollFrom, share.rollTo);
    if (candidates === 0) return { problem: { messageKey: 'roomAllocation.shareEmpty', messageParams: { room: room.roomNumber } } };
    if (candidates > room.seats) return { problem: { messageKey: 'roomAllocation.shareOverSeats', messageParams: { room: room.roomNumber, candidates, seats: room.seats } } };
    counted.push({ ...share, candidates, roomNumber: room.roomNumber });
  }
  counted.sort((a, b) => a.rollFrom - b.rollFrom);
  for (let index = 1; index < counted.length; index += 1) {
    const before = counted[index - 1]!;
    const share = counted[index]!;
    if (share.rollFrom <= before.rollTo) return { problem: { messageKey: 'roomAllocation.sharesOverlap', messageParams: { room: share.roomNumber, other: before.roomNumber } } };
  }
  const covered = counted.reduce((sum, share) => sum + share.candidates, 0);
  if (covered !== sortedRolls.length) return { problem: { messageKey: 'roomAllocation.notCovered', messageParams: { left: sortedRolls.length - covered } } };
  return { shares: counted.map(({ roomId, rollFrom, rollTo, candidates }) => ({ roomId, rollFrom, rollTo, candidates })) };
}

/**
 * How many invigilators a room needs: one per `seatsPerInvigilator` candidates seated in it, at
 * least one. Counted on the candidates seated, not the room's seats, so a large hall holding a
 * few candidates is not given a crowd of invigilators.
 */
export function invigilatorsNeeded(candidates: number, seatsPerInvigilator: number): number {
  return Math.max(1, Math.ceil(candidates / Math.max(1, seatsPerInvigilator)));
}

export type InvigilatorPlanEntry = { invigilatorId: number; roomId: number | null };
export type InvigilatorPlanRoom = { roomId: number; roomNumber: string; candidates: number };

/**
 * Checks a centre's invigilator plan within itself (the clashes with other sittings are the
 * database's to find): an invigilator once, at most one chief (room null) and only from a chief
 * post, room invigilators only in the centre's rooms with a share; and when `complete` (the final
 * save), exactly one chief and every room its invigilators.
 */
export function checkInvigilatorPlan(
  entries: readonly InvigilatorPlanEntry[],
  rooms: readonly InvigilatorPlanRoom[],
  chiefPost: (invigilatorId: number) => boolean,
  seatsPerInvigilator: number,
  complete: boolean,
): SeatingProblem | null {
  const seen = new Set<number>();
  const roomIds = new Set(rooms.map((room) => room.roomId));
  let chiefs = 0;
  const perRoom = new Map<number, number>();
  for (const entry of entries) {
    if (seen.has(entry.invigilatorId)) return { messageKey: 'invigilatorAllocation.twice', invigilatorId: entry.invigilatorId };
    seen.add(entry.invigilatorId);
    if (entry.roomId === null) {
      chiefs += 1;
      if (!chiefPost(entry.invigilatorId)) return { messageKey: 'invigilatorAllocation.notChiefPost', invigilatorId: entry.invigilatorId };
      if (chiefs > 1) return { messageKey: 'invigilatorAllocation.oneChief', invigilatorId: entry.invigilatorId };
    } else {
      if (!roomIds.has(entry.roomId)) return { messageKey: 'roomAllocation.unknownRoom' };
      perRoom.set(entry.roomId, (perRoom.get(entry.roomId) ?? 0) + 1);
    }
  }
  if (!complete) return null;
  if (chiefs === 0) return { messageKey: 'invigilatorAllocation.chiefMissing' };
  for (const room of rooms) {
    const needed = invigilatorsNeeded(room.candidates, seatsPerInvigilator);
    const given = perRoom.get(room.roomId) ?? 0;
    if (given < needed) return { messageKey: 'invigilatorAllocation.roomShort', messageParams: { room: room.roomNumber, needed, given } };
  }
  return null;
}
