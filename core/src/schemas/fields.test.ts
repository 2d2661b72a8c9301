import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { COLUMN_RANGES } from '../column-ranges';
import {
  adDateSchema,
  bsDateSchema,
  emailSchema,
  englishNameSchema,
  idSchema,
  instantSchema,
  masterDataNameSchema,
  mobileSchema,
  nationalIdSchema,
  nepaliTextSchema,
  numericCodeSchema,
  optionalField,
  usernameSchema,
} from './fields';
import { messagesOf } from './test-helpers.test-support';

describe('englishNameSchema', () => {
  it.each([
    ['Ram', 'Ram'],
    ['  Ram  Bahadur ', 'Ram Bahadur'],
    ['a'.repeat(30), 'a'.repeat(30)],
  ])('accepts %j as %j', (input, output) => {
    expect(englishNameSchema.parse(input)).toBe(output);
  });

  it.each([
    ['', 'This field is required.'],
    ['   ', 'This field is required.'],
    ['Ram2', 'Only English letters are allowed.'],
    ['राम', 'Only English letters are allowed.'],
    ["O'Brien", 'Only English letters are allowed.'],
    ['a'.repeat(31), 'At most 30 characters are allowed.'],
  ])('refuses %j: %s', (input, message) => {
    expect(messagesOf(englishNameSchema, input)).toEqual({ '': [message] });
  });

  it('says so in Nepali', () => {
    expect(messagesOf(englishNameSchema, 'a'.repeat(31), 'ne')).toEqual({ '': ['बढीमा ३० अक्षरसम्म मात्र लेख्न मिल्छ।'] });
    expect(messagesOf(englishNameSchema, undefined, 'ne')).toEqual({ '': ['यो विवरण अनिवार्य छ।'] });
  });
});

describe('nepaliTextSchema', () => {
  it.each(['राम', 'राम बहादुर', 'श्रीकृष्ण', 'क्\u200Dष', 'वडा नं. ५'])('accepts %j', (input) => {
    expect(nepaliTextSchema.safeParse(input).success).toBe(true);
  });

  it.each(['Ram', 'राम Bahadur', '१२३', '...', 'राम!'])('refuses %j', (input) => {
    expect(messagesOf(nepaliTextSchema, input)).toEqual({ '': ['Please type this in Nepali (Devanagari script).'] });
  });

  it('says so in Nepali', () => {
    expect(messagesOf(nepaliTextSchema, 'Ram', 'ne')).toEqual({ '': ['कृपया यो विवरण नेपालीमा (देवनागरी लिपिमा) लेख्नुहोस्।'] });
  });
});

describe('usernameSchema', () => {
  it('accepts letters, digits, hyphen and underscore, and Devanagari digits as Latin', () => {
    expect(usernameSchema.parse('ram_thapa-99')).toBe('ram_thapa-99');
    expect(usernameSchema.parse('ram९९')).toBe('ram99');
  });

  it.each([
    ['ram thapa', 'User name may contain only English letters, numbers, hyphen (-) and underscore (_).'],
    ['ram@x', 'User name may contain only English letters, numbers, hyphen (-) and underscore (_).'],
    ['a'.repeat(31), 'At most 30 characters are allowed.'],
    ['', 'This field is required.'],
  ])('refuses %j', (input, message) => {
    expect(messagesOf(usernameSchema, input)).toEqual({ '': [message] });
  });
});

describe('emailSchema', () => {
  it('accepts a valid address', () => {
    expect(emailSchema.parse(' ram@example.com ')).toBe('ram@example.com');
    expect(emailSchema.parse('ram९@example.com')).toBe('ram9@example.com');
  });

  it.each([
    ['', 'E-mail is required.'],
    ['ram', 'Please enter a valid e-mail address.'],
    ['ram@example', 'Please enter a valid e-mail address.'],
  ])('refuses %j', (input, message) => {
    expect(messagesOf(emailSchema, input)).toEqual({ '': [message] });
  });
});

describe('mobileSchema', () => {
  it.each([
    ['9841234567', '9841234567'],
    ['९८४१२३४५६७', '9841234567'],
    ['984-123 4567', '9841234567'],
  ])('accepts %j as %j', (input, output) => {
    expect(mobileSchema.parse(input)).toBe(output);
  });

  it.each(['984123456', '98412345678', '98412345a7'])('refuses %j', (input) => {
    expect(messagesOf(mobileSchema, input)).toEqual({ '': ['Mobile number must be 10 digits.'] });
    expect(messagesOf(mobileSchema, input, 'ne')).toEqual({ '': ['मोबाइल नम्बर १० अङ्कको हुनुपर्छ।'] });
  });
});

describe('nationalIdSchema', () => {
  it.each([
    ['123-456-7890', '123-456-7890'],
    ['१२३-४५६-७८९०', '123-456-7890'],
    ['1234567890', '123-456-7890'],
  ])('accepts %j as %j', (input, output) => {
    expect(nationalIdSchema.parse(input)).toBe(output);
  });

  it.each(['123-4567-890', '12-456-7890', 'abc-def-ghij', '123456789'])('refuses %j', (input) => {
    expect(messagesOf(nationalIdSchema, input)).toEqual({ '': ['National identity number must be in the form XXX-XXX-XXXX.'] });
  });
});

describe('adDateSchema', () => {
  it.each([
    ['2000-01-15', '2000-01-15'],
    ['२०००-०१-१५', '2000-01-15'],
    ['2000/1/5', '2000-01-05'],
  ])('accepts %j as %j', (input, output) => {
    expect(adDateSchema.parse(input)).toBe(output);
  });

  it.each([
    ['', 'This field is required.'],
    ['2001-02-29', 'Please enter a valid date (YYYY-MM-DD).'],
    ['15-01-2000', 'Please enter a valid date (YYYY-MM-DD).'],
    ['1900-01-01', 'This date is outside the supported range.'],
  ])('refuses %j', (input, message) => {
    expect(messagesOf(adDateSchema, input)).toEqual({ '': [message] });
  });
});

describe('bsDateSchema', () => {
  it('accepts B.S. dates in either digit set and separator', () => {
    expect(bsDateSchema.parse('२०८१/४/१५')).toBe('2081-04-15');
    expect(bsDateSchema.parse('2081-04-32')).toBe('2081-04-32');
  });

  it.each(['2081-04-33', '2081-13-01', '1990-01-01', 'kal'])('refuses %j', (input) => {
    expect(messagesOf(bsDateSchema, input)).toEqual({ '': ['Please enter a valid date (YYYY-MM-DD).'] });
  });
});

describe('idSchema', () => {
  it('accepts positive whole numbers given as numbers or digits', () => {
    const schema = idSchema('validation.districtRequired');
    expect(schema.parse(27)).toBe(27);
    expect(schema.parse('२७')).toBe(27);
  });

  it.each([0, -1, 1.5, '', 'abc', undefined, null])('refuses %j', (input) => {
    expect(messagesOf(idSchema('validation.districtRequired'), input)).toEqual({ '': ['Please choose the issuing district.'] });
  });

  it('takes the range of its column: integer unless named', () => {
    expect(idSchema().parse(COLUMN_RANGES.integer.max)).toBe(2_147_483_647);
    expect(messagesOf(idSchema(), 2_147_483_648)).toEqual({ '': ['The number must be at most 2147483647.'] });
    expect(messagesOf(idSchema(), '२१४७४८३६४८')).toEqual({ '': ['The number must be at most 2147483647.'] });
    expect(idSchema('validation.required', 'smallint').parse('३२७६७')).toBe(32_767);
    expect(messagesOf(idSchema('validation.required', 'smallint'), 32_768)).toEqual({ '': ['The number must be at most 32767.'] });
    expect(idSchema('validation.required', 'bigint').parse(Number.MAX_SAFE_INTEGER)).toBe(Number.MAX_SAFE_INTEGER);
  });
});

describe('instantSchema', () => {
  it.each(['2030-01-01', '2099-12-31', '1900-01-01', '2100-12-31', '2030-01-01T10:00:00+05:45', '2030-01-01T04:15:00Z'])('accepts %j', (input) => {
    expect(instantSchema.parse(input)).toBe(input);
  });

  it.each(['0000-01-01', '9999-12-31', '1899-12-31', '2101-01-01', '0000-06-01T00:00:00Z', '9999-12-31T23:59:59Z'])('refuses %j as out of range', (input) => {
    expect(messagesOf(instantSchema, input)).toEqual({ '': ['This date is outside the supported range.'] });
  });

  it.each(['2030-02-30', 'tomorrow', '2030-1-1'])('refuses %j as not a date', (input) => {
    expect(messagesOf(instantSchema, input)['']?.length).toBeGreaterThan(0);
  });
});

describe('optionalField', () => {
  const schema = z.object({ nationalId: optionalField(nationalIdSchema) });

  it('treats absent, null, empty and blank as absent', () => {
    for (const nationalId of [undefined, null, '', '   ']) expect(schema.parse({ nationalId })).toEqual({ nationalId: undefined });
  });

  it('still checks a given value', () => {
    expect(messagesOf(schema, { nationalId: '12' })).toEqual({
      nationalId: ['National identity number must be in the form XXX-XXX-XXXX.'],
    });
  });
});

describe('masterDataNameSchema', () => {
  it('accepts a name without surrounding space', () => {
    expect(masterDataNameSchema.parse('Kathmandu')).toBe('Kathmandu');
    expect(masterDataNameSchema.parse('काठमाडौं')).toBe('काठमाडौं');
  });

  it.each([
    ['', 'This field is required.'],
    ['   ', 'This field is required.'],
    [' Kathmandu', 'Remove the space at the start or end.'],
    ['Kathmandu ', 'Remove the space at the start or end.'],
  ])('refuses %j', (input, message) => {
    expect(messagesOf(masterDataNameSchema, input)).toEqual({ '': [message] });
  });

  it('says so in Nepali', () => {
    expect(messagesOf(masterDataNameSchema, ' x', 'ne')).toEqual({ '': ['सुरु वा अन्त्यमा खाली ठाउँ राख्न मिल्दैन।'] });
  });
});

describe('numericCodeSchema', () => {
  it('accepts up to 15 digits in either script and keeps leading zeros', () => {
    expect(numericCodeSchema.parse('007')).toBe('007');
    expect(numericCodeSchema.parse('१२३')).toBe('123');
    expect(numericCodeSchema.parse('1'.repeat(15))).toBe('1'.repeat(15));
  });

  it.each([
    ['', 'This field is required.'],
    ['12a', 'Only numbers are allowed.'],
    ['1.5', 'Only numbers are allowed.'],
    ['1'.repeat(16), 'At most 15 digits are allowed.'],
  ])('refuses %j', (input, message) => {
    expect(messagesOf(numericCodeSchema, input)).toEqual({ '': [message] });
  });

  it('says so in Nepali, with Devanagari digits', () => {
    expect(messagesOf(numericCodeSchema, '1'.repeat(16), 'ne')).toEqual({ '': ['बढीमा १५ अङ्कसम्म मात्र लेख्न मिल्छ।'] });
  });
});
