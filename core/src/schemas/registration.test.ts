import { describe, expect, it } from 'vitest';
import { addDaysAd } from '../calendar/gregorian';
import { todayAd } from '../calendar/today';
import { registerRequestSchema, registrationSchema, type RegisterRequestInput, type RegistrationInput } from './registration';
import { messagesOf } from './test-helpers.test-support';

const valid: RegistrationInput = {
  firstNameEn: 'Ram',
  middleNameEn: 'Bahadur',
  lastNameEn: 'Thapa',
  firstNameNp: 'राम',
  lastNameNp: 'थापा',
  username: 'ram_thapa',
  email: 'ram@example.com',
  mobile: '9841234567',
  nationalId: '123-456-7890',
  citizenshipNumber: '27-01-75-12345',
  citizenshipIssueDistrictId: 27,
  dateOfBirth: '1998-05-20',
  citizenshipIssueDate: '2014-06-01',
  gender: 'female',
};

describe('registrationSchema', () => {
  it('accepts a complete registration', () => {
    expect(registrationSchema.parse(valid)).toEqual({ ...valid, middleNameNp: undefined });
  });

  it('accepts the optional fields left empty, as an untouched form sends them', () => {
    const parsed = registrationSchema.parse({ ...valid, middleNameEn: '', firstNameNp: '', lastNameNp: '', nationalId: '' });
    expect(parsed.middleNameEn).toBeUndefined();
    expect(parsed.firstNameNp).toBeUndefined();
    expect(parsed.nationalId).toBeUndefined();
  });

  it('normalises what was typed in Devanagari digits', () => {
    const parsed = registrationSchema.parse({
      ...valid,
      mobile: '९८४१२३४५६७',
      nationalId: '१२३४५६७८९०',
      citizenshipNumber: '२७-०१-७५-१२३४५',
      citizenshipIssueDistrictId: '२७',
      dateOfBirth: '१९९८-०५-२०',
    });
    expect(parsed).toMatchObject({
      mobile: '9841234567',
      nationalId: '123-456-7890',
      citizenshipNumber: '27-01-75-12345',
      citizenshipIssueDistrictId: 27,
      dateOfBirth: '1998-05-20',
    });
  });

  it('reports every broken rule on its own field', () => {
    const input = {
      ...valid,
      firstNameEn: 'R4m',
      lastNameEn: '',
      firstNameNp: 'Ram',
      username: 'ram thapa',
      email: 'ram@',
      mobile: '98412',
      nationalId: '123-45-67890',
      citizenshipNumber: 'x'.repeat(31),
      citizenshipIssueDistrictId: '',
      dateOfBirth: '1998-02-30',
      gender: 'unknown',
    };
    expect(messagesOf(registrationSchema, input)).toEqual({
      firstNameEn: ['Only English letters are allowed.'],
      lastNameEn: ['This field is required.'],
      firstNameNp: ['Please type this in Nepali (Devanagari script).'],
      username: ['User name may contain only English letters, numbers, hyphen (-) and underscore (_).'],
      email: ['Please enter a valid e-mail address.'],
      mobile: ['Mobile number must be 10 digits.'],
      nationalId: ['National identity number must be in the form XXX-XXX-XXXX.'],
      citizenshipNumber: ['At most 30 characters are allowed.'],
      citizenshipIssueDistrictId: ['Please choose the issuing district.'],
      dateOfBirth: ['Please enter a valid date (YYYY-MM-DD).'],
      gender: ['Please choose a gender.'],
    });
  });

  it('reports the same in Nepali', () => {
    expect(messagesOf(registrationSchema, { ...valid, lastNameEn: 'थापा', gender: undefined }, 'ne')).toEqual({
      lastNameEn: ['अङ्ग्रेजी अक्षर मात्र लेख्न मिल्छ।'],
      gender: ['कृपया लिङ्ग छान्नुहोस्।'],
    });
  });

  it('requires every mandatory field when nothing is sent', () => {
    expect(Object.keys(messagesOf(registrationSchema, {})).sort()).toEqual(
      [
        'citizenshipIssueDate',
        'citizenshipIssueDistrictId',
        'citizenshipNumber',
        'dateOfBirth',
        'email',
        'firstNameEn',
        'gender',
        'lastNameEn',
        'mobile',
        'username',
      ].sort(),
    );
  });

  it('refuses a citizenship issued before the birth date', () => {
    expect(messagesOf(registrationSchema, { ...valid, citizenshipIssueDate: '1998-05-19' })).toEqual({
      citizenshipIssueDate: ['The citizenship issue date cannot be before the date of birth.'],
    });
  });

  it('accepts gender "other"', () => {
    expect(registrationSchema.parse({ ...valid, gender: 'other' }).gender).toBe('other');
  });
});

describe('registerRequestSchema', () => {
  const { dateOfBirth: _dateOfBirth, citizenshipIssueDate: _issueDate, ...identity } = valid;
  const request: RegisterRequestInput = { ...identity, dateOfBirthAd: '1998-05-20', citizenshipIssueDateAd: '2014-06-01' };

  it('hands on a Registration with A.D. dates', () => {
    expect(registerRequestSchema.parse(request)).toEqual(registrationSchema.parse(valid));
  });

  it('takes either date in B.S. instead, in either digit set', () => {
    const parsed = registerRequestSchema.parse({ ...identity, dateOfBirthBs: '२०५५-०२-०६', citizenshipIssueDateBs: '2071/2/18' });
    expect(parsed).toMatchObject({ dateOfBirth: '1998-05-20', citizenshipIssueDate: '2014-06-01' });
    expect(parsed).not.toHaveProperty('dateOfBirthBs');
  });

  it('stores the citizenship number without spaces', () => {
    expect(registerRequestSchema.parse({ ...request, citizenshipNumber: ' २७-०१-७५ 12345 ' }).citizenshipNumber).toBe('27-01-7512345');
  });

  it('asks for each date on its A.D. field, together with every other broken rule', () => {
    expect(messagesOf(registerRequestSchema, { ...identity, firstNameEn: 'R4m' })).toEqual({
      firstNameEn: ['Only English letters are allowed.'],
      dateOfBirthAd: ['This field is required.'],
      citizenshipIssueDateAd: ['This field is required.'],
    });
  });

  it('asks for a missing date even when another field failed outright', () => {
    expect(messagesOf(registerRequestSchema, { ...identity, username: '', dateOfBirthAd: '1998-02-30' })).toEqual({
      username: ['This field is required.'],
      dateOfBirthAd: ['Please enter a valid date (YYYY-MM-DD).'],
      citizenshipIssueDateAd: ['This field is required.'],
    });
  });

  it('reports an invalid date once, on its own field', () => {
    expect(messagesOf(registerRequestSchema, { ...request, dateOfBirthAd: undefined, dateOfBirthBs: '2055-13-01' })).toEqual({
      dateOfBirthBs: ['Please enter a valid date (YYYY-MM-DD).'],
    });
  });

  it('refuses a date in the future and an issue date before the birth date', () => {
    const inTwoDays = addDaysAd(todayAd(), 2);
    expect(messagesOf(registerRequestSchema, { ...request, dateOfBirthAd: inTwoDays })).toEqual({
      dateOfBirthAd: ['This date cannot be in the future.'],
      citizenshipIssueDateAd: ['The citizenship issue date cannot be before the date of birth.'],
    });
  });

  it('says nothing about dates of a body that is not an object', () => {
    expect(messagesOf(registerRequestSchema, null)).toEqual({ '': ['This value is not valid.'] });
  });
});
