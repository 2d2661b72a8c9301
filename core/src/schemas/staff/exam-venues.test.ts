import { describe, expect, it } from 'vitest';
import { SEATING_LIMITS } from '../../exams/seating';
import { examVenueListQuerySchema, examVenueRoomSchema, examVenueSchema } from './exam-venues';
import { MASTER_DATA_SCHEMAS } from './master-data';

const venue = {
  examCentreId: 3,
  nameEn: 'Padma Kanya Multiple Campus, Bagbazar',
  nameNp: 'पद्मकन्या बहुमुखी क्याम्पस, बागबजार',
  addressEn: 'Bagbazar, Kathmandu',
  addressNp: 'बागबजार, काठमाडौं',
  capacity: '४५०',
  contactPerson: 'Sita Sharma',
  contactNumber: '०१-४२२१२३४',
};

const messagesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [String(issue.path[0]), issue.message]));

describe('examVenueSchema', () => {
  it('reads Devanagari digits in the capacity and the contact number, and stores the number in its national form', () => {
    expect(examVenueSchema.parse(venue)).toMatchObject({ capacity: 450, contactNumber: '014221234', isActive: true });
  });

  it('leaves the contact person and number empty when not typed', () => {
    expect(examVenueSchema.parse({ ...venue, contactPerson: '', contactNumber: ' ' })).toMatchObject({ contactPerson: null, contactNumber: null });
  });

  it('refuses a capacity below 1 or above the limit (spec §5), a missing city and a number that is no phone', () => {
    expect(messagesOf(examVenueSchema.safeParse({ ...venue, capacity: '०' }))).toEqual({ capacity: 'validation.numberTooSmall' });
    expect(messagesOf(examVenueSchema.safeParse({ ...venue, capacity: SEATING_LIMITS.venueCapacity.max + 1 }))).toEqual({ capacity: 'validation.numberTooLarge' });
    expect(messagesOf(examVenueSchema.safeParse({ ...venue, examCentreId: undefined }))).toEqual({ examCentreId: 'examVenues.cityRequired' });
    expect(messagesOf(examVenueSchema.safeParse({ ...venue, contactNumber: '12345' }))).toEqual({ contactNumber: 'validation.phoneInvalid' });
  });

  it('refuses names and addresses with a space at either end', () => {
    expect(messagesOf(examVenueSchema.safeParse({ ...venue, addressNp: ' बागबजार' }))).toEqual({ addressNp: 'validation.noSurroundingSpace' });
  });
});

describe('examVenueRoomSchema', () => {
  it('reads Devanagari digits in the room number, the floor and the seats', () => {
    expect(examVenueRoomSchema.parse({ roomNumber: '१०१', floor: '१', seats: '४०' })).toEqual({ roomNumber: '101', floor: '1', seats: 40, isActive: true });
  });

  it('refuses an empty room number and seats outside 1..the room limit', () => {
    expect(messagesOf(examVenueRoomSchema.safeParse({ roomNumber: ' ', seats: 0 }))).toEqual({ roomNumber: 'examVenues.roomNumberRequired', seats: 'validation.numberTooSmall' });
    expect(messagesOf(examVenueRoomSchema.safeParse({ roomNumber: 'A', seats: SEATING_LIMITS.roomSeats.max + 1 }))).toEqual({ seats: 'validation.numberTooLarge' });
  });
});

describe('examVenueListQuerySchema', () => {
  it('reads the city and page in either script, with defaults', () => {
    expect(examVenueListQuerySchema.parse({ cityId: '५' })).toEqual({ cityId: 5, search: undefined, page: 1, pageSize: 50 });
  });
});

describe('invigilators and their posts (master data)', () => {
  const invigilator = { nameEn: 'Hari Prasad Adhikari', nameNp: 'हरिप्रसाद अधिकारी', mobile: '९८४१२३४५६७' };

  it('stores a mobile typed in Devanagari or with +977 and separators in its national form', () => {
    expect(MASTER_DATA_SCHEMAS.invigilators.parse(invigilator).mobile).toBe('9841234567');
    expect(MASTER_DATA_SCHEMAS.invigilators.parse({ ...invigilator, mobile: '+977 984-1234567' }).mobile).toBe('9841234567');
  });

  it('refuses a landline, a short number and ten digits not starting with 9 as a mobile', () => {
    for (const mobile of ['014221234', '98412345', '1841234567']) {
      expect(messagesOf(MASTER_DATA_SCHEMAS.invigilators.safeParse({ ...invigilator, mobile })), mobile).toEqual({ mobile: 'validation.nepaliMobileInvalid' });
    }
  });

  it('takes a post with its chief flag', () => {
    expect(MASTER_DATA_SCHEMAS['invigilator-posts'].parse({ nameEn: 'Centre chief', nameNp: 'केन्द्राध्यक्ष', isChief: true })).toEqual({
      nameEn: 'Centre chief',
      nameNp: 'केन्द्राध्यक्ष',
      isChief: true,
      isActive: true,
    });
  });
});
