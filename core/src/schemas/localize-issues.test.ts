import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { localizeIssues } from './localize-issues';
import { withMessage } from './with-message';

function localize(schema: z.ZodType, input: unknown, lang: 'ne' | 'en') {
  const result = schema.safeParse(input);
  if (result.success) throw new Error('expected the input to be refused');
  return localizeIssues(result.error, lang);
}

describe('localizeIssues', () => {
  it('joins nested paths with dots', () => {
    const schema = z.object({ contact: z.object({ phones: z.array(z.string().min(1, withMessage('validation.required'))) }) });
    expect(localize(schema, { contact: { phones: ['1', ''] } }, 'en')).toEqual({
      'contact.phones.1': ['This field is required.'],
    });
  });

  it('fills {min} and {max} from the rule that failed, in the digits of the language', () => {
    const schema = z.string().min(4, withMessage('validation.minLength')).max(6, withMessage('validation.maxLength'));
    expect(localize(schema, 'abc', 'ne')).toEqual({ '': ['कम्तीमा ४ अक्षर हुनुपर्छ।'] });
    expect(localize(schema, 'abcdefg', 'en')).toEqual({ '': ['At most 6 characters are allowed.'] });
  });

  it('shows a generic message for a schema written without catalogue keys', () => {
    expect(localize(z.object({ age: z.number() }), { age: 'x' }, 'en')).toEqual({ age: ['This value is not valid.'] });
    expect(localize(z.object({ age: z.number() }), { age: 'x' }, 'ne')).toEqual({ age: ['यो विवरण मान्य छैन।'] });
  });

  it('lists a message once per field', () => {
    const schema = z.string().regex(/a/, withMessage('validation.invalid')).regex(/b/, withMessage('validation.invalid'));
    expect(localize(schema, 'c', 'en')).toEqual({ '': ['This value is not valid.'] });
  });
});
