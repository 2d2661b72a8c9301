import { describe, expect, it } from 'vitest';
import { messagesOf } from '../test-helpers.test-support';
import { MASTER_DATA_SCHEMAS, MASTER_DATA_TYPES, isMasterDataType } from './master-data';
import { profileLockSchema, roleSchema, staffUserCreateSchema } from './users';

describe('master-data schemas', () => {
  it('cover every master-data type, banks and invigilator posts among them', () => {
    expect(MASTER_DATA_TYPES).toHaveLength(29); // the master lists, banks and invigilator posts
    expect(isMasterDataType('exam-centres')).toBe(true);
    expect(isMasterDataType('toString')).toBe(false);
  });

  it('require both names and refuse a space at either end (spec §5)', () => {
    expect(messagesOf(MASTER_DATA_SCHEMAS.subjects, { nameEn: ' Law', nameNp: '' })).toEqual({
      nameEn: ['Remove the space at the start or end.'],
      nameNp: ['This field is required.'],
    });
    expect(MASTER_DATA_SCHEMAS.subjects.parse({ nameEn: 'Law', nameNp: 'कानुन' })).toEqual({ nameEn: 'Law', nameNp: 'कानुन', isActive: true });
  });

  it('take numbers only in numeric fields, at most 15 digits, Devanagari digits read as Latin', () => {
    const range = MASTER_DATA_SCHEMAS['roll-number-ranges'];
    const base = { organizationId: 1, fiscalYear: '२०८१/८२', rollFrom: '१', rollTo: 999999999999999 };
    expect(range.parse(base)).toMatchObject({ fiscalYear: '2081/82', rollFrom: 1, rollTo: 999999999999999 });
    expect(messagesOf(range, { ...base, rollFrom: '1.5' })).toEqual({ rollFrom: ['Only numbers are allowed.'] });
    expect(messagesOf(range, { ...base, rollTo: '1234567890123456' })).toEqual({ rollTo: ['At most 15 digits are allowed.'] });
    expect(messagesOf(MASTER_DATA_SCHEMAS.fees, { classId: 1, nameEn: 'Fee', nameNp: 'शुल्क', amount: '99999999999' }).amount).toHaveLength(1);
    expect(messagesOf(MASTER_DATA_SCHEMAS['exam-centres'], { nameEn: 'A', nameNp: 'क', centerCapacity: '0' })).toEqual({ centerCapacity: ['The number must be at least 1.'] });
  });
});

describe('staff forms', () => {
  it('apply the new-password rule to users created by staff', () => {
    const user = { firstNameEn: 'Hari', lastNameEn: 'Rai', firstNameNp: 'हरि', lastNameNp: 'राई', username: 'hari', email: 'hari@example.com', mobile: '9800000000', roleIds: [] };
    expect(messagesOf(staffUserCreateSchema, { ...user, password: 'harirai1' })).toEqual({ password: ['Password must contain at least one upper-case letter.'] });
    expect(staffUserCreateSchema.parse({ ...user, password: 'HariRai1', middleNameEn: '' }).middleNameEn).toBeNull();
  });

  it('take a staff user name with dots between its parts, as the seeded requisition.officer has', () => {
    const user = { firstNameEn: 'Hari', lastNameEn: 'Rai', firstNameNp: 'हरि', lastNameNp: 'राई', email: 'hari@example.com', mobile: '9800000000', password: 'HariRai1', roleIds: [] };
    for (const username of ['requisition.officer', 'hari.b.rai', 'hari_rai-2', 'hari']) {
      expect(staffUserCreateSchema.parse({ ...user, username }).username).toBe(username);
    }
    const refusal = 'User name may contain only English letters, numbers, hyphen (-), underscore (_) and single dots (.) between them.';
    for (const username of ['.hari', 'hari.', 'hari..rai', 'hari rai', 'hari@rai', '../etc']) {
      expect(messagesOf(staffUserCreateSchema, { ...user, username }), username).toEqual({ username: [refusal] });
    }
    expect(messagesOf(staffUserCreateSchema, { ...user, username: `${'a'.repeat(15)}.${'b'.repeat(15)}` })).toEqual({ username: ['At most 30 characters are allowed.'] });
  });

  it('check roles and locks', () => {
    expect(roleSchema.parse({ name: 'Clerk', permissions: [{ moduleCode: 'UM', read: true }] }).permissions[0]).toMatchObject({ moduleCode: 'UM', read: true, create: false });
    expect(Object.keys(messagesOf(roleSchema, { name: 'Clerk', permissions: [{ moduleCode: 'UM' }, { moduleCode: 'UM' }] }))).toEqual(['permissions']);
    expect(Object.keys(messagesOf(profileLockSchema, { lockedFromAd: '2030-01-02', lockedUntilAd: '2030-01-01', reason: 'x' }))).toEqual(['lockedUntilAd']);
  });
});
