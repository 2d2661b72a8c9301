import { describe, expect, it } from 'vitest';
import { changePasswordSchema, newPasswordSchema } from './password';
import { messagesOf } from './test-helpers.test-support';

describe('newPasswordSchema', () => {
  it.each(['Admin@1234', 'Abcdefg1', 'Abcdefg१', 'Long pass phrase 1 With Spaces'])('accepts %j unchanged', (password) => {
    expect(newPasswordSchema.parse(password)).toBe(password);
  });

  it.each([
    ['Abcde1', ['Password must be at least 8 characters long.']],
    ['abcdefg1', ['Password must contain at least one upper-case letter.']],
    ['ABCDEFG1', ['Password must contain at least one lower-case letter.']],
    ['Abcdefgh', ['Password must contain at least one number.']],
    ['A1'.repeat(64) + 'a', ['At most 128 characters are allowed.']],
    ['', ['New password is required.']],
    ['abc', ['Password must be at least 8 characters long.', 'Password must contain at least one upper-case letter.', 'Password must contain at least one number.']],
  ])('refuses %j', (password, messages) => {
    expect(messagesOf(newPasswordSchema, password)).toEqual({ '': messages });
  });

  it('says so in Nepali, with Devanagari digits', () => {
    expect(messagesOf(newPasswordSchema, 'Abcde1', 'ne')).toEqual({ '': ['पासवर्ड कम्तीमा ८ अक्षरको हुनुपर्छ।'] });
  });
});

describe('changePasswordSchema', () => {
  const valid = { oldPassword: 'Old@12345', newPassword: 'New@12345', confirmPassword: 'New@12345' };

  it('accepts a new password that differs from the old and is confirmed', () => {
    expect(changePasswordSchema.parse(valid)).toEqual(valid);
  });

  it('refuses a new password equal to the old one, on the new-password field', () => {
    const input = { oldPassword: 'Same@12345', newPassword: 'Same@12345', confirmPassword: 'Same@12345' };
    expect(messagesOf(changePasswordSchema, input)).toEqual({
      newPassword: ['The new password must be different from the old password.'],
    });
  });

  it('refuses a confirmation that does not match, on the confirmation field', () => {
    expect(messagesOf(changePasswordSchema, { ...valid, confirmPassword: 'New@123456' })).toEqual({
      confirmPassword: ['The password confirmation does not match.'],
    });
    expect(messagesOf(changePasswordSchema, { ...valid, confirmPassword: 'New@123456' }, 'ne')).toEqual({
      confirmPassword: ['पुष्टि गरिएको पासवर्ड मिलेन।'],
    });
  });

  it('reports a mismatch even when the new password is too weak', () => {
    expect(messagesOf(changePasswordSchema, { oldPassword: 'x', newPassword: 'weak', confirmPassword: 'other' })).toEqual({
      newPassword: [
        'Password must be at least 8 characters long.',
        'Password must contain at least one upper-case letter.',
        'Password must contain at least one number.',
      ],
      confirmPassword: ['The password confirmation does not match.'],
    });
  });

  it('requires every field', () => {
    expect(messagesOf(changePasswordSchema, { oldPassword: '', newPassword: '', confirmPassword: '' })).toEqual({
      oldPassword: ['Old password is required.'],
      newPassword: ['New password is required.'],
      confirmPassword: ['Please confirm the new password.'],
    });
  });
});
