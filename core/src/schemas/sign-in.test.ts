import { describe, expect, it } from 'vitest';
import { signInSchema } from './sign-in';
import { messagesOf } from './test-helpers.test-support';

describe('signInSchema', () => {
  it('accepts a user name or an e-mail with any password up to 128 characters', () => {
    expect(signInSchema.parse({ username: ' candidate ', password: 'Candidate@123' })).toEqual({
      username: 'candidate',
      password: 'Candidate@123',
    });
    expect(signInSchema.parse({ username: 'ram@example.com', password: 'x' }).username).toBe('ram@example.com');
    expect(signInSchema.safeParse({ username: 'ram', password: 'p'.repeat(128) }).success).toBe(true);
  });

  it('keeps the password exactly as typed', () => {
    expect(signInSchema.parse({ username: 'ram', password: ' pass १२३ ' }).password).toBe(' pass १२३ ');
  });

  it('reads Devanagari digits in the user name as Latin', () => {
    expect(signInSchema.parse({ username: 'ram१२३', password: 'x' }).username).toBe('ram123');
  });

  it('requires both fields', () => {
    expect(messagesOf(signInSchema, {})).toEqual({
      username: ['User name or e-mail is required.'],
      password: ['Password is required.'],
    });
    expect(messagesOf(signInSchema, { username: '  ', password: '' }, 'ne')).toEqual({
      username: ['प्रयोगकर्ताको नाम वा इमेल अनिवार्य छ।'],
      password: ['पासवर्ड अनिवार्य छ।'],
    });
  });

  it('requires a valid e-mail when the user name contains @', () => {
    expect(messagesOf(signInSchema, { username: 'ram@', password: 'x' })).toEqual({
      username: ['Please enter a valid e-mail address.'],
    });
    expect(messagesOf(signInSchema, { username: 'ram@', password: 'x' }, 'ne')).toEqual({
      username: ['कृपया मान्य इमेल ठेगाना लेख्नुहोस्।'],
    });
  });

  it('bounds the lengths', () => {
    expect(messagesOf(signInSchema, { username: 'a'.repeat(101), password: 'p'.repeat(129) })).toEqual({
      username: ['At most 100 characters are allowed.'],
      password: ['At most 128 characters are allowed.'],
    });
  });
});
