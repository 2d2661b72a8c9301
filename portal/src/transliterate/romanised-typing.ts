import { isDevanagariConsonant, isRomanCharacter, toDevanagariDigits, transliterate, transliterateWord } from './romanised-nepali';

// Typing romanised Nepali into a text field, one keystroke at a time. A word's letters only make
// sense together ("s" is स, "sh" is श, "sha" is श, "shr" is श्र), so the Latin letters of the
// word being typed are kept aside and the whole word is converted again at each keystroke; the
// field shows the Devanagari. Anything that is not typing at the end (a paste, an edit in the
// middle, a selection replaced) converts whatever Latin the field then holds, in place.

export type TypingState = {
  /** Devanagari (or anything) already settled, before the word being typed. */
  committed: string;
  /** The Latin letters of the word being typed at the end. */
  roman: string;
};

export type TypingResult = { state: TypingState; value: string; caret: number };

export function startTyping(value: string): TypingState {
  return { committed: value, roman: '' };
}

/** What the field shows for this state. */
export function showTyping(state: TypingState): string {
  if (state.roman === '') return state.committed;
  return state.committed + transliterateWord(state.roman, { afterConsonant: isDevanagariConsonant(state.committed.at(-1)) });
}

/**
 * The field's new content after the browser changed it from showTyping(state) to `next`, with
 * the caret at `caret` (null when unknown: taken as the end).
 */
export function applyTyping(state: TypingState, next: string, caret: number | null): TypingResult {
  const shown = showTyping(state);
  const caretAt = caret ?? next.length;
  if (next === shown) return { state, value: shown, caret: caretAt };

  const isAtEnd = caretAt === next.length;
  // One character typed at the end.
  if (isAtEnd && next.length === shown.length + 1 && next.startsWith(shown)) {
    const typed = next.at(-1)!;
    if (isRomanCharacter(typed)) return settle({ committed: state.committed, roman: state.roman + typed });
    return settle(startTyping(shown + toDevanagariDigits(typed)));
  }
  // Backspace at the end: take back the last Latin letter when that changes what is shown
  // ("ki" कि -> "k" क); otherwise keep what the browser deleted (one Devanagari character).
  if (isAtEnd && state.roman !== '' && next.length < shown.length && shown.startsWith(next)) {
    const shorter = { committed: state.committed, roman: state.roman.slice(0, -1) };
    if (next.length === shown.length - 1 || shorter.roman === '') {
      const shorterShown = showTyping(shorter);
      if (shorterShown !== shown && shorterShown.length < shown.length) return settle(shorter);
    }
    return settle(startTyping(next));
  }
  // A paste, an edit in the middle, a replaced selection: convert in place, keeping the caret
  // after what was typed.
  const value = transliterate(next);
  return { state: startTyping(value), value, caret: transliterate(next.slice(0, caretAt)).length };
}

function settle(state: TypingState): TypingResult {
  const value = showTyping(state);
  return { state, value, caret: value.length };
}
