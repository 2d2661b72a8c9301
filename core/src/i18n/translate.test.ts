import { describe, expect, it } from 'vitest';
import { isLanguage, resolveLanguage } from './language';
import { isMessageKey, translate } from './translate';

describe('translate', () => {
  it('gives the text of a key in each language', () => {
    expect(translate('en', 'auth.sessionExpired')).toBe('Your session has expired.');
    expect(translate('ne', 'auth.sessionExpired')).toBe('तपाईंको सत्र समाप्त भएको छ।');
  });

  it('fills {name} placeholders, numbers in Devanagari digits for Nepali', () => {
    expect(translate('en', 'validation.maxLength', { max: 30 })).toBe('At most 30 characters are allowed.');
    expect(translate('ne', 'validation.maxLength', { max: 30 })).toBe('बढीमा ३० अक्षरसम्म मात्र लेख्न मिल्छ।');
    expect(translate('ne', 'validation.maxLength', { max: '30' })).toBe('बढीमा 30 अक्षरसम्म मात्र लेख्न मिल्छ।');
  });

  it('leaves a placeholder without a value visible', () => {
    expect(translate('en', 'validation.maxLength')).toBe('At most {max} characters are allowed.');
    expect(translate('en', 'validation.maxLength', { min: 4 })).toBe('At most {max} characters are allowed.');
  });
});

describe('isMessageKey', () => {
  it('knows the catalogue keys only', () => {
    expect(isMessageKey('validation.required')).toBe(true);
    expect(isMessageKey('validation.nope')).toBe(false);
    expect(isMessageKey('constructor')).toBe(false);
    expect(isMessageKey(1)).toBe(false);
  });
});

describe('resolveLanguage', () => {
  it.each([
    [undefined, 'ne'],
    [null, 'ne'],
    ['', 'ne'],
    ['en', 'en'],
    ['ne', 'ne'],
    ['en-US,en;q=0.9', 'en'],
    ['ne-NP', 'ne'],
    ['fr-FR,fr;q=0.9', 'ne'],
    ['fr, en;q=0.5', 'en'],
    ['en;q=0.5, ne;q=0.8', 'ne'],
    ['ne;q=0, en;q=0.1', 'en'],
    ['en;q=0', 'ne'],
    ['EN', 'en'],
    ['*', 'ne'],
    ['en;q=abc', 'ne'],
  ])('reads %j as %s', (header, expected) => {
    expect(resolveLanguage(header)).toBe(expected);
  });
});

describe('isLanguage', () => {
  it('accepts ne and en', () => {
    expect(isLanguage('ne')).toBe(true);
    expect(isLanguage('en')).toBe(true);
    expect(isLanguage('np')).toBe(false);
  });
});
