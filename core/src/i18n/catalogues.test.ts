import { describe, expect, it } from 'vitest';
import { en } from './en';
import { LANGUAGES } from './language';
import { ne } from './ne';
import { MESSAGES } from './translate';

describe('message catalogues', () => {
  it('hold the same keys in every language', () => {
    const englishKeys = Object.keys(en).sort();
    for (const language of LANGUAGES) expect(Object.keys(MESSAGES[language]).sort(), language).toEqual(englishKeys);
  });

  it('have no empty text', () => {
    for (const language of LANGUAGES) {
      for (const [key, text] of Object.entries(MESSAGES[language])) expect(text.trim(), `${language} ${key}`).not.toBe('');
    }
  });

  it('write Nepali texts in Devanagari, with Devanagari digits', () => {
    for (const [key, text] of Object.entries(ne)) {
      expect(text, key).toMatch(/[\u0900-\u097F]/);
      expect(text, key).not.toMatch(/[0-9]/);
    }
  });

  it('use the same placeholders in both languages', () => {
    const placeholdersOf = (text: string): string[] => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!).sort();
    for (const key of Object.keys(en) as (keyof typeof en)[]) {
      expect(placeholdersOf(ne[key]), key).toEqual(placeholdersOf(en[key]));
    }
  });

  it('carry the exact English texts of spec §8 and the API contract', () => {
    expect(en['auth.sessionExpired']).toBe('Your session has expired.');
    expect(en['network.timeout']).toBe('Server is taking too long to respond, please try again in sometime!');
    expect(en['network.noConnection']).toBe(
      'Server is taking too long to respond, this can be caused by either poor connectivity or an error with our servers. Please try again in a while!',
    );
    expect(en['network.unreachable']).toBe('Server could not be reached.');
    expect(en['common.errorSaving']).toBe('Error Saving');
    expect(en['common.errorFetchingPersonalDetails']).toBe('Error Fetching Personal Details');
    expect(en['auth.userNotFound']).toBe('User not found');
    expect(en['auth.userBlocked']).toBe('This user has been blocked');
    expect(en['common.noData']).toBe('No data available');
    expect(en['payment.notPaidPreviously']).toBe('User has not paid for this advertisement previously');
    expect(en['payment.notPaid']).toBe("You haven't paid for this advertisement");
    expect(en['payment.notRequired']).toBe('you are not required to pay for this advertisement');
    expect(en['common.somethingWentWrong']).toBe('Something went wrong');
    expect(en['common.refreshPage']).toBe('refresh page');
    expect(en['common.previousPage']).toBe('previous page');
    expect(en['auth.invalidCredentials']).toBe('Invalid user name or password');
  });
});
