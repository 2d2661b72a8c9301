import { describe, expect, it } from 'vitest';
import {
  deactivateAccountSchema,
  forgotPasswordSchema,
  recoveryStartSchema,
  recoveryVerifySchema,
  resetPasswordSchema,
} from './account';
import { messagesOf } from './test-helpers.test-support';

describe('forgotPasswordSchema', () => {
  it('takes a user name or an e-mail', () => {
    expect(forgotPasswordSchema.parse({ login: ' ram_thapa ' })).toEqual({ login: 'ram_thapa' });
    expect(forgotPasswordSchema.parse({ login: 'ram@example.com' })).toEqual({ login: 'ram@example.com' });
  });

  it('refuses an empty login and a broken e-mail', () => {
    expect(messagesOf(forgotPasswordSchema, { login: '' })).toEqual({ login: ['User name or e-mail is required.'] });
    expect(messagesOf(forgotPasswordSchema, { login: 'ram@' })).toEqual({ login: ['Please enter a valid e-mail address.'] });
  });
});

describe('resetPasswordSchema', () => {
  const valid = { token: 'a'.repeat(43), newPassword: 'New@12345', confirmPassword: 'New@12345' };

  it('accepts a link token and a confirmed strong password', () => {
    expect(resetPasswordSchema.parse(valid)).toEqual(valid);
  });

  it('applies the new-password rule of spec §5 and the confirmation', () => {
    expect(messagesOf(resetPasswordSchema, { ...valid, newPassword: 'weakpass', confirmPassword: 'other' })).toEqual({
      newPassword: ['Password must contain at least one upper-case letter.', 'Password must contain at least one number.'],
      confirmPassword: ['The password confirmation does not match.'],
    });
  });

  it('refuses a token that cannot be one of ours', () => {
    expect(messagesOf(resetPasswordSchema, { ...valid, token: 'abc/def' })).toEqual({ token: ['This value is not valid.'] });
    expect(messagesOf(resetPasswordSchema, { ...valid, token: 'a'.repeat(129) })).toEqual({ token: ['At most 128 characters are allowed.'] });
    expect(messagesOf(resetPasswordSchema, { ...valid, token: '' })).toEqual({ token: ['This field is required.'] });
  });
});

describe('recoveryStartSchema', () => {
  it('takes the date of birth in either calendar and normalises the citizenship number', () => {
    expect(recoveryStartSchema.parse({ citizenshipNumber: '२७-०१ ७५', citizenshipIssueDistrictId: '२७', dateOfBirthBs: '2055-02-06' })).toEqual({
      citizenshipNumber: '27-0175',
      citizenshipIssueDistrictId: 27,
      dateOfBirth: '1998-05-20',
    });
  });

  it('lists every missing field at once', () => {
    expect(messagesOf(recoveryStartSchema, {})).toEqual({
      citizenshipNumber: ['This field is required.'],
      citizenshipIssueDistrictId: ['Please choose the issuing district.'],
      dateOfBirthAd: ['This field is required.'],
    });
  });
});

describe('recoveryVerifySchema', () => {
  const valid = { citizenshipNumber: '12345', citizenshipIssueDistrictId: 27, code: '१२३ ४५६', newEmail: 'new@example.com' };

  it('reads the code in either digit set', () => {
    expect(recoveryVerifySchema.parse(valid).code).toBe('123456');
  });

  it.each(['12345', '1234567', 'abcdef'])('refuses the code %j', (code) => {
    expect(messagesOf(recoveryVerifySchema, { ...valid, code })).toEqual({ code: ['Please enter the 6-digit code.'] });
  });

  it('needs a valid new e-mail', () => {
    expect(messagesOf(recoveryVerifySchema, { ...valid, newEmail: 'x' }, 'ne')).toEqual({ newEmail: ['कृपया मान्य इमेल ठेगाना लेख्नुहोस्।'] });
  });
});

describe('deactivateAccountSchema', () => {
  it('needs the password and an explicit confirmation', () => {
    expect(deactivateAccountSchema.parse({ password: 'x', confirm: true, reason: '  duplicate  ' })).toEqual({ password: 'x', confirm: true, reason: 'duplicate' });
    expect(messagesOf(deactivateAccountSchema, { password: '', confirm: false })).toEqual({
      password: ['Password is required.'],
      confirm: ['Please confirm to continue.'],
    });
    expect(messagesOf(deactivateAccountSchema, { password: 'x', confirm: 'true' })).toEqual({ confirm: ['Please confirm to continue.'] });
  });

  it('bounds the reason', () => {
    expect(messagesOf(deactivateAccountSchema, { password: 'x', confirm: true, reason: 'r'.repeat(501) })).toEqual({
      reason: ['At most 500 characters are allowed.'],
    });
  });
});
