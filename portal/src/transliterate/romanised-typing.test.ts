import { describe, expect, it } from 'vitest';
import { applyTyping, showTyping, startTyping, type TypingState } from './romanised-typing';

/** Types the text one key at a time at the end of the field, as a person (or Playwright) does. */
function typeKeys(text: string, from: TypingState = startTyping('')): { state: TypingState; shown: string[] } {
  let state = from;
  const shown: string[] = [];
  for (const key of text) {
    const next = showTyping(state) + key;
    state = applyTyping(state, next, next.length).state;
    shown.push(showTyping(state));
  }
  return { state, shown };
}

function backspace(state: TypingState): TypingState {
  const shown = showTyping(state);
  const next = shown.slice(0, -1);
  return applyTyping(state, next, next.length).state;
}

describe('romanised typing, key by key', () => {
  it('shows Devanagari after every key', () => {
    const { shown } = typeKeys('ram');
    expect(shown).toEqual(['र', 'रा', 'राम']);
  });

  it('reconverts the word as it grows: s, sh, sha, shar, sharm, sharma', () => {
    const { shown } = typeKeys('sharma');
    expect(shown).toEqual(['स', 'श', 'शा', 'शार', 'शर्म', 'शर्मा']);
  });

  it('types two words with a space between them', () => {
    expect(showTyping(typeKeys('sita sharma').state)).toBe('सिता शर्मा');
    expect(showTyping(typeKeys('Ram Bahaadur Thaapaa').state)).toBe('राम बहादुर थापा');
  });

  it('writes digits in Devanagari and keeps punctuation', () => {
    expect(showTyping(typeKeys('waDaa 5, tol').state)).toBe('वडा ५, तोल');
  });

  it('takes back a vowel sign with backspace, then types another', () => {
    let state = typeKeys('ki').state;
    expect(showTyping(state)).toBe('कि');
    state = backspace(state);
    expect(showTyping(state)).toBe('क');
    state = typeKeys('o', state).state;
    expect(showTyping(state)).toBe('को');
  });

  it('deletes a whole letter with backspace when the Latin letter alone would not change the screen', () => {
    let state = typeKeys('kaa').state;
    expect(showTyping(state)).toBe('का');
    state = backspace(state);
    expect(showTyping(state)).toBe('क');
    state = typeKeys('k').state;
    expect(showTyping(state)).toBe('क');
    state = backspace(state);
    expect(showTyping(state)).toBe('');
  });

  it('continues a settled word: a vowel after a consonant becomes its sign', () => {
    // "राम" settled (e.g. loaded from the server), then the candidate adds "o".
    const { state } = typeKeys('o', startTyping('राम'));
    expect(showTyping(state)).toBe('रामो');
  });

  it('converts a paste or a whole new value in place', () => {
    const result = applyTyping(startTyping(''), 'Sita Sharma', null);
    expect(result.value).toBe('सिता शर्मा');
    expect(result.caret).toBe('सिता शर्मा'.length);
  });

  it('converts an edit in the middle and keeps the caret after it', () => {
    // "राम थापा" with "hari " typed... pasted after "राम ".
    const before = startTyping('राम थापा');
    const next = 'राम hari थापा';
    const result = applyTyping(before, next, 'राम hari'.length);
    expect(result.value).toBe('राम हरि थापा');
    expect(result.caret).toBe('राम हरि'.length);
  });

  it('leaves Devanagari typed on a Nepali keyboard alone', () => {
    const { state } = typeKeys('राम');
    expect(showTyping(state)).toBe('राम');
  });

  it('answers the same state when nothing changed', () => {
    const state = typeKeys('ram').state;
    expect(applyTyping(state, 'राम', 3).state).toBe(state);
  });
});
