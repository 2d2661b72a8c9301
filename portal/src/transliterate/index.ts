// Romanised Nepali typing (spec §5: Nepali name fields must be typed in Nepali). Pure functions.
export { hasRomanLetters, isDevanagariConsonant, isRomanCharacter, transliterate, transliterateWord } from './romanised-nepali';
export { applyTyping, showTyping, startTyping, type TypingResult, type TypingState } from './romanised-typing';
