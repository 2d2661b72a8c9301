import { describe, expect, it } from 'vitest';
import { messagesOf } from '../test-helpers.test-support';
import { addressAbroadSchema, addressSchema } from './address';
import { profileDeclarationsSchema } from './declarations';
import { educationSchema } from './education';
import { governmentExperienceSchema, nonGovernmentExperienceSchema } from './experience';
import { extraDetailsSchema } from './extra';
import { personalDetailsSchema } from './personal';
import { professionalCouncilSchema } from './professional-council';
import { trainingSchema } from './training';
import { PROFILE_DOCUMENT_KINDS, PROFILE_SECTIONS, PROFILE_UPLOADS } from './uploads';

describe('personalDetailsSchema', () => {
  it('takes Nepali names in Devanagari only, family names in either script', () => {
    const valid = { firstNameNp: 'सीता', lastNameNp: 'शर्मा', fathersName: 'Hari Sharma', mothersName: 'गीता शर्मा', grandFathersName: 'Ram Sharma' };
    expect(personalDetailsSchema.parse({ ...valid, middleNameNp: '' })).toEqual({ ...valid, middleNameNp: undefined, husbandWifeName: undefined });
    expect(messagesOf(personalDetailsSchema, { ...valid, firstNameNp: 'Sita' })).toEqual({ firstNameNp: ['Please type this in Nepali (Devanagari script).'] });
  });
});

describe('addressSchema', () => {
  it('reads ids and numbers typed in Devanagari and checks phone, mobile and e-mail', () => {
    expect(addressSchema.parse({ provinceId: '३', districtId: 27, localLevelId: '27001', wardNo: '४', mobileNo: '९८४१२३४५६७', phoneNo: '+977 1 4412345' })).toMatchObject({
      provinceId: 3,
      wardNo: 4,
      mobileNo: '9841234567',
      phoneNo: '014412345',
    });
    expect(messagesOf(addressSchema, { provinceId: 3, districtId: 27, localLevelId: 1, wardNo: 1, phoneNo: '123', email: 'x@' })).toEqual({
      phoneNo: ['Please enter a valid phone number.'],
      email: ['Please enter a valid e-mail address.'],
    });
  });
});

describe('addressAbroadSchema', () => {
  it('reads the country id typed in Devanagari and asks for the country and the address', () => {
    expect(addressAbroadSchema.parse({ countryId: '१८७', address: '  Street 5,   Doha ' })).toEqual({ countryId: 187, address: 'Street 5, Doha' });
    expect(messagesOf(addressAbroadSchema, { countryId: '', address: ' ' })).toEqual({
      countryId: ['Please choose the country.'],
      address: ['Please write your address in that country.'],
    });
    expect(messagesOf(addressAbroadSchema, { countryId: 40000, address: 'x'.repeat(301) })).toMatchObject({ countryId: ['The number must be at most 32767.'], address: ['At most 300 characters are allowed.'] });
  });
});

describe('extraDetailsSchema', () => {
  const valid = {
    casteId: 1,
    religionId: 1,
    motherTongueId: 1,
    maritalStatus: 'widowed',
    employmentStatus: 'self-employed',
    physicallyDisabled: 'no',
    fathersEducation: 'cannot-read-write',
    mothersEducation: 'higher-education',
    motherEducationLevel: 'Master',
    parentsMainOccupation: 'teaching-public',
    fatherOccupation: 'service-holder',
    motherOccupation: 'labour',
    area: 'inner-madhes',
  };

  it('drops text that belongs to a choice not made', () => {
    const parsed = extraDetailsSchema.parse({ ...valid, casteOther: 'ignored', areaOther: 'ignored', disabilityClassId: 2, fatherEducationLevel: 'ignored' });
    expect(parsed).toMatchObject({ casteOther: undefined, areaOther: undefined, disabilityClassId: undefined, fatherEducationLevel: undefined, motherEducationLevel: 'Master', physicallyDisabled: false });
  });
});

describe('educationSchema', () => {
  it('reads the score as a number and the passed date from either calendar', () => {
    const parsed = educationSchema.parse({ universityId: 1, levelId: 1, facultyId: 1, scoreType: 'percentage', score: '65', majorSubject: 'Nepali', educationType: 'foreign', passedDateBs: '2077-04-17' });
    expect(parsed).toMatchObject({ score: 65, passedDateAd: '2020-08-01', educationType: 'foreign' });
    expect(parsed).not.toHaveProperty('passedDateBs');
  });
});

describe('trainingSchema', () => {
  it('spec §5: percentage strictly between 1 and 100', () => {
    const base = { instituteName: 'Staff College', trainingName: 'Law', trainingFromAd: '2020-01-01', trainingToAd: '2020-02-01', division: 'second' };
    expect(trainingSchema.parse({ ...base, percentage: '99.99' }).percentage).toBe(99.99);
    for (const percentage of ['1', '100', '0']) expect(messagesOf(trainingSchema, { ...base, percentage })).toEqual({ percentage: ['Percentage must be greater than 1 and less than 100.'] });
  });
});

describe('experience and council schemas', () => {
  it('spec §4: a "working" government post has no end date', () => {
    const base = { institutionName: 'Ministry of Finance', address: 'Kathmandu', post: 'Officer', employmentFromAd: '2018-01-01', employmentType: 'permanent' };
    expect(governmentExperienceSchema.parse({ ...base, employmentStatus: 'working' }).employmentToAd).toBeUndefined();
    expect(messagesOf(governmentExperienceSchema, { ...base, employmentStatus: 'working', employmentToBs: '2078-01-01' })).toEqual({
      employmentToAd: ['Leave the end date empty while you still work here (status Working).'],
    });
    expect(messagesOf(governmentExperienceSchema, { ...base, employmentStatus: 'resigned' })).toEqual({ employmentToAd: ['This field is required.'] });
    expect(nonGovernmentExperienceSchema.parse({ institutionName: 'NGO', post: 'Officer', employmentFromAd: '2018-01-01', employmentType: 'temporary' })).toMatchObject({
      expMatchOfficerLevel: false,
      employmentToAd: undefined,
    });
  });

  it('a temporary council registration states its validity', () => {
    const base = { councilName: 'Nepal Bar Council', dartaNo: '12', issuedDateAd: '2018-01-01', councilType: 'board' };
    expect(messagesOf(professionalCouncilSchema, { ...base, degreeType: 'temporary' })).toEqual({ validityDateAd: ['This field is required.'] });
    expect(professionalCouncilSchema.parse({ ...base, degreeType: 'permanent' })).toMatchObject({ renewDateAd: undefined, validityDateAd: undefined });
  });
});

describe('upload rules', () => {
  it('spec §5: images for the photograph, signature, citizenship and inclusive group; PDF for transcripts; at most 500 KB each', () => {
    for (const kind of [...PROFILE_DOCUMENT_KINDS, 'inclusive-group'] as const) expect(PROFILE_UPLOADS[kind].contentTypes).toEqual(['image/jpeg', 'image/png']);
    expect(PROFILE_UPLOADS['transcript-front'].contentTypes).toEqual(['application/pdf']);
    expect(PROFILE_UPLOADS['training-certificate'].contentTypes).toEqual(['application/pdf', 'image/jpeg', 'image/png']);
    for (const rule of Object.values(PROFILE_UPLOADS)) expect(rule.maxBytes).toBe(512_000);
    expect(PROFILE_SECTIONS).toHaveLength(8);
  });
});

describe('profileDeclarationsSchema', () => {
  it('names one section or more with true or false, and nothing else', () => {
    expect(profileDeclarationsSchema.parse({ training: true })).toEqual({ training: true });
    expect(profileDeclarationsSchema.parse({ professional: false, experience: true })).toEqual({ professional: false, experience: true });
    expect(messagesOf(profileDeclarationsSchema, {})).toEqual({ '': ['Please choose one of the options.'] });
    expect(profileDeclarationsSchema.safeParse({ training: 'yes' }).success).toBe(false);
    expect(profileDeclarationsSchema.safeParse({ education: true }).success).toBe(false);
  });
});
