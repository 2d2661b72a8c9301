import { describe, expect, it } from 'vitest';
import { checkInvigilatorPlan, checkRoomShares, compareRoomNumbers, invigilatorsNeeded, splitRangeIntoRooms } from './room-allocation';

const rooms = [
  { roomId: 3, roomNumber: '10', seats: 4 },
  { roomId: 1, roomNumber: '2', seats: 3 },
  { roomId: 2, roomNumber: '1', seats: 2 },
];
// Eight candidates; 1005 is missing (a number nobody holds in this centre).
const rolls = [1001, 1002, 1003, 1004, 1006, 1007, 1008, 1009];

describe('room numbers', () => {
  it('orders as painted on the doors, digits as numbers', () => {
    expect(['10', '2', '1', 'B', 'a'].sort(compareRoomNumbers)).toEqual(['1', '2', '10', 'a', 'B']);
  });
});

describe('splitRangeIntoRooms', () => {
  it('fills rooms in room-number order up to their seats with contiguous sub-ranges', () => {
    expect(splitRangeIntoRooms(rolls, rooms)).toEqual({
      shares: [
        { roomId: 2, rollFrom: 1001, rollTo: 1002, candidates: 2 },
        { roomId: 1, rollFrom: 1003, rollTo: 1006, candidates: 3 },
        { roomId: 3, rollFrom: 1007, rollTo: 1009, candidates: 3 },
      ],
    });
  });
  it('leaves rooms unused once everyone is seated', () => {
    expect(splitRangeIntoRooms([5, 6], rooms)).toEqual({ shares: [{ roomId: 2, rollFrom: 5, rollTo: 6, candidates: 2 }] });
  });
  it('refuses a range larger than the rooms seat', () => {
    expect(splitRangeIntoRooms([...rolls, 1010, 1011], rooms)).toEqual({ problem: { messageKey: 'roomAllocation.overCapacity', messageParams: { candidates: 10, seats: 9 } } });
  });
});

describe('checkRoomShares', () => {
  const range = { rollFrom: 1001, rollTo: 1009 };
  it('accepts edited shares and recounts them', () => {
    const answer = checkRoomShares(
      [
        { roomId: 2, rollFrom: 1009, rollTo: 1009 },
        { roomId: 3, rollFrom: 1004, rollTo: 1008 },
        { roomId: 1, rollFrom: 1001, rollTo: 1003 },
      ],
      rolls,
      range,
      rooms,
    );
    expect(answer).toEqual({
      shares: [
        { roomId: 1, rollFrom: 1001, rollTo: 1003, candidates: 3 },
        { roomId: 3, rollFrom: 1004, rollTo: 1008, candidates: 4 },
        { roomId: 2, rollFrom: 1009, rollTo: 1009, candidates: 1 },
      ],
    });
  });
  it('refuses a share over the room seats, naming the room', () => {
    expect(checkRoomShares([{ roomId: 2, rollFrom: 1001, rollTo: 1009 }], rolls, range, rooms)).toEqual({
      problem: { messageKey: 'roomAllocation.shareOverSeats', messageParams: { room: '1', candidates: 8, seats: 2 } },
    });
  });
  it('refuses overlap, gaps, shares outside the range, empty shares and unknown rooms', () => {
    const key = (shares: { roomId: number; rollFrom: number; rollTo: number }[]) => {
      const answer = checkRoomShares(shares, rolls, range, rooms);
      return 'problem' in answer ? answer.problem.messageKey : 'ok';
    };
    expect(key([{ roomId: 1, rollFrom: 1001, rollTo: 1003 }, { roomId: 3, rollFrom: 1003, rollTo: 1007 }])).toBe('roomAllocation.sharesOverlap');
    expect(key([{ roomId: 1, rollFrom: 1001, rollTo: 1003 }, { roomId: 3, rollFrom: 1006, rollTo: 1009 }])).toBe('roomAllocation.notCovered');
    expect(key([{ roomId: 1, rollFrom: 1000, rollTo: 1003 }])).toBe('roomAllocation.shareOutsideRange');
    expect(key([{ roomId: 2, rollFrom: 1005, rollTo: 1005 }])).toBe('roomAllocation.shareEmpty');
    expect(key([{ roomId: 9, rollFrom: 1001, rollTo: 1003 }])).toBe('roomAllocation.unknownRoom');
    expect(key([{ roomId: 1, rollFrom: 1003, rollTo: 1001 }])).toBe('roomAllocation.shareOrder');
  });
});

describe('invigilators', () => {
  it('needs one per N seated candidates, at least one', () => {
    expect([0, 1, 25, 26, 50, 51].map((n) => invigilatorsNeeded(n, 25))).toEqual([1, 1, 1, 2, 2, 3]);
  });
  const planRooms = [
    { roomId: 1, roomNumber: '1', candidates: 30 },
    { roomId: 2, roomNumber: '2', candidates: 10 },
  ];
  const chief = (id: number) => id === 100;
  it('accepts a complete plan: one chief, every room its invigilators', () => {
    const entries = [
      { invigilatorId: 100, roomId: null },
      { invigilatorId: 1, roomId: 1 },
      { invigilatorId: 2, roomId: 1 },
      { invigilatorId: 3, roomId: 2 },
    ];
    expect(checkInvigilatorPlan(entries, planRooms, chief, 25, true)).toBeNull();
  });
  it('refuses two chiefs, one invigilator twice, a chief without the post, and at final save a room short', () => {
    expect(checkInvigilatorPlan([{ invigilatorId: 100, roomId: null }, { invigilatorId: 100, roomId: 1 }], planRooms, chief, 25, false)).toEqual({ messageKey: 'invigilatorAllocation.twice', invigilatorId: 100 });
    expect(checkInvigilatorPlan([{ invigilatorId: 1, roomId: null }], planRooms, chief, 25, false)?.messageKey).toBe('invigilatorAllocation.notChiefPost');
    expect(checkInvigilatorPlan([{ invigilatorId: 100, roomId: null }, { invigilatorId: 101, roomId: null }], planRooms, (id) => id >= 100, 25, false)).toEqual({ messageKey: 'invigilatorAllocation.oneChief', invigilatorId: 101 });
    expect(checkInvigilatorPlan([{ invigilatorId: 1, roomId: 1 }], planRooms, chief, 25, false)).toBeNull();
    expect(checkInvigilatorPlan([{ invigilatorId: 1, roomId: 1 }], planRooms, chief, 25, true)?.messageKey).toBe('invigilatorAllocation.chiefMissing');
    expect(checkInvigilatorPlan([{ invigilatorId: 100, roomId: null }, { invigilatorId: 1, roomId: 1 }, { invigilatorId: 3, roomId: 2 }], planRooms, chief, 25, true)).toEqual({
      messageKey: 'invigilatorAllocation.roomShort',
      messageParams: { room: '1', needed: 2, given: 1 },
    });
  });
});
