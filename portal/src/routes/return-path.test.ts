import { describe, expect, it } from 'vitest';
import { returnPath } from './return-path';

describe('return after sign-in', () => {
  it('returns to the page the user was going to', () => {
    expect(returnPath({ from: { pathname: '/vacancy', search: '?page=2', hash: '' } })).toBe('/vacancy?page=2');
  });

  it('goes home without a remembered page, or for one outside the portal', () => {
    expect(returnPath(null)).toBe('/home');
    expect(returnPath({})).toBe('/home');
    expect(returnPath({ from: { pathname: '//evil.example', search: '', hash: '' } })).toBe('/home');
    expect(returnPath({ from: { pathname: 'https://evil.example', search: '', hash: '' } })).toBe('/home');
  });
});
