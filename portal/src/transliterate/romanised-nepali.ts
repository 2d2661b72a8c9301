// Romanised Nepali -> Devanagari, phonetically, in the style of the common romanised Nepali
// keyboards ("ram" -> "राम", "sharma" -> "शर्मा"). spec §5: Nepali name fields must be typed in
// Nepali; most candidates' phones only offer Latin letters, so the portal turns what they type
// into Devanagari as they go. Pure: no DOM, no state.
//
// The scheme (case matters only where the table says so):
//   consonants  k क  kh ख  g ग  gh घ  ch/c च  chh छ  j/z ज  jh झ  T ट  Th ठ  D ड  Dh ढ  N ण
//               t त  th थ  d द  dh ध  n न  p प  ph/f फ  b ब  bh भ  m म  y य  r र  l ल  w/v व
//               sh श  Sh ष  s स  h ह  ksh/x क्ष  gy ज्ञ  q क
//   vowels      a अ  aa/A आ  i इ  ee/ii/I ई  u उ  oo/uu/U ऊ  e ए  ai ऐ  o ओ  au/ou औ  Ri ऋ
//               (after a consonant each becomes its sign: "ki" कि, "koo" कू; "a" adds nothing)
//   signs       M ं (anusvara)  * ँ (chandrabindu)  H ः (visarga)  ~ ् (halant, e.g. "g~y" ग्य, "yog~ya" योग्या)
//               | ।  digits 0-9 become ०-९
// Two consonants in a row are joined by a halant ("sharma" -> श र् म ा); a word ending in a
// consonant keeps its inherent vowel ("kamal" -> कमल). Names are what these fields hold, and
// romanised names write the long आ as a plain "a" where it ends a word ("sharma", "thapa", "sita";
// not after a cluster: "indra", "chandra") and in one-syllable names ("ram", "shyam", "lal"):
// there "a" is read as आ. Elsewhere "a" is the inherent vowel and आ is typed "aa" ("nepaal"). A word written in title case ("Ram",
// "Sharma") is read as if in lower case, so a capital at the start of a name does not turn
// into a retroflex letter, and a word in capitals is read in lower case too; capitals inside a
// word keep their meaning ("aShok" -> अषोक, "RiShi" -> ऋषि).

type Consonant = { kind: 'consonant'; text: string };
type Vowel = { kind: 'vowel'; letter: string; sign: string };
type Sign = { kind: 'sign'; text: string };
type Halant = { kind: 'halant' };
type Token = Consonant | Vowel | Sign | Halant;

const HALANT = '\u094D';

const CONSONANTS: Record<string, string> = {
  ksh: 'क्ष',
  chh: 'छ',
  kh: 'ख',
  gh: 'घ',
  ch: 'च',
  jh: 'झ',
  Th: 'ठ',
  Dh: 'ढ',
  th: 'थ',
  dh: 'ध',
  ph: 'फ',
  bh: 'भ',
  sh: 'श',
  Sh: 'ष',
  gy: 'ज्ञ',
  k: 'क',
  g: 'ग',
  c: 'च',
  j: 'ज',
  z: 'ज',
  T: 'ट',
  D: 'ड',
  N: 'ण',
  t: 'त',
  d: 'द',
  n: 'न',
  p: 'प',
  f: 'फ',
  b: 'ब',
  m: 'म',
  y: 'य',
  r: 'र',
  l: 'ल',
  w: 'व',
  v: 'व',
  s: 'स',
  h: 'ह',
  q: 'क',
  x: 'क्ष',
};

/** Independent letter, and the sign it becomes after a consonant ('' for the inherent a). */
const VOWELS: Record<string, [letter: string, sign: string]> = {
  aa: ['आ', 'ा'],
  ai: ['ऐ', 'ै'],
  au: ['औ', 'ौ'],
  ou: ['औ', 'ौ'],
  ee: ['ई', 'ी'],
  ii: ['ई', 'ी'],
  oo: ['ऊ', 'ू'],
  uu: ['ऊ', 'ू'],
  Ri: ['ऋ', 'ृ'],
  A: ['आ', 'ा'],
  I: ['ई', 'ी'],
  U: ['ऊ', 'ू'],
  a: ['अ', ''],
  i: ['इ', 'ि'],
  u: ['उ', 'ु'],
  e: ['ए', 'े'],
  o: ['ओ', 'ो'],
};

const SIGNS: Record<string, string> = {
  M: 'ं',
  '*': 'ँ',
  H: 'ः',
  '|': '।',
};

/** Longest first, so "chh" wins over "ch" and "aa" over "a". */
const PATTERNS = [...Object.keys(CONSONANTS), ...Object.keys(VOWELS), ...Object.keys(SIGNS), '~'].sort((a, b) => b.length - a.length);

/** The characters a romanised run is made of. Everything else passes through unchanged. */
const ROMAN_CHARACTER = /[A-Za-z~*|]/;
const ROMAN_RUN = /[A-Za-z~*|]+/g;
const DEVANAGARI_DIGIT_ZERO = 0x0966;

export function isRomanCharacter(character: string): boolean {
  return character.length === 1 && ROMAN_CHARACTER.test(character);
}

/** Devanagari consonants (क..ह and the nukta forms क़..य़), which take vowel signs. */
export function isDevanagariConsonant(character: string | undefined): boolean {
  if (!character) return false;
  const code = character.charCodeAt(0);
  return (code >= 0x0915 && code <= 0x0939) || (code >= 0x0958 && code <= 0x095f);
}

function readToken(text: string, at: number): { token: Token; length: number } | null {
  for (const pattern of PATTERNS) {
    if (!text.startsWith(pattern, at)) continue;
    if (pattern === '~') return { token: { kind: 'halant' }, length: 1 };
    const consonant = CONSONANTS[pattern];
    if (consonant !== undefined) return { token: { kind: 'consonant', text: consonant }, length: pattern.length };
    const vowel = VOWELS[pattern];
    if (vowel !== undefined) return { token: { kind: 'vowel', letter: vowel[0], sign: vowel[1] }, length: pattern.length };
    return { token: { kind: 'sign', text: SIGNS[pattern]! }, length: pattern.length };
  }
  return null;
}

function tokenize(run: string): Token[] {
  const tokens: Token[] = [];
  let at = 0;
  while (at < run.length) {
    // A capital the table does not know ("B", "Bh") reads as its small letter.
    const read = readToken(run, at) ?? readToken(run.slice(0, at) + run[at]!.toLowerCase() + run.slice(at + 1), at);
    if (read === null) {
      at += 1; // not a romanised character: nothing to write
      continue;
    }
    tokens.push(read.token);
    at += read.length;
  }
  return tokens;
}

/** "Ram", "Sharma": a capital only at the start is a name's capital, not a retroflex letter. */
function normaliseTitleCase(run: string): string {
  if (run.length > 1 && /^[A-Z][^A-Z]*$/.test(run)) return run[0]!.toLowerCase() + run.slice(1);
  // A word in capitals ("BHIM") is shouting, not a spelling.
  if (run.length > 1 && !/[a-z]/.test(run)) return run.toLowerCase();
  return run;
}

const SHORT_A = 'अ';
const LONG_A: Vowel = { kind: 'vowel', letter: 'आ', sign: 'ा' };

/**
 * The short "a" read as आ in a name: at the end of a word after a consonant ("sita" सिता), and
 * as the only vowel of a one-syllable word ending in one consonant ("ram" राम, "shyam" श्याम).
 */
function lengthenNameVowels(tokens: Token[], isContinuation: boolean): Token[] {
  const isShortA = (token: Token | undefined) => token?.kind === 'vowel' && token.letter === SHORT_A;
  const last = tokens.length - 1;
  const result = [...tokens];
  if (isShortA(tokens[last]) && tokens[last - 1]?.kind === 'consonant') {
    // After a cluster the final a stays short ("indra" इन्द्र, "krishna" क्रिश्न, "kendra" केन्द्र),
    // except after r + consonant ("sharma" शर्मा, "varma" वर्मा).
    let clusterStart = last - 1;
    while (tokens[clusterStart - 1]?.kind === 'consonant') clusterStart -= 1;
    const first = tokens[clusterStart] as Consonant;
    const isCluster = clusterStart < last - 1;
    if (!isCluster || first.text === 'र') result[last] = LONG_A;
  }
  const vowels = tokens.filter((token) => token.kind === 'vowel');
  const onlyVowelAt = tokens.findIndex((token) => token.kind === 'vowel');
  if (
    !isContinuation &&
    vowels.length === 1 &&
    isShortA(tokens[onlyVowelAt]) &&
    onlyVowelAt === last - 1 &&
    tokens[onlyVowelAt - 1]?.kind === 'consonant' &&
    tokens[last]?.kind === 'consonant'
  ) {
    result[onlyVowelAt] = LONG_A;
  }
  return result;
}

/**
 * One romanised word in Devanagari. With `afterConsonant`, the word continues a Devanagari
 * consonant already written (so a leading vowel becomes its sign: "क" + "i" -> "कि").
 */
export function transliterateWord(run: string, options: { afterConsonant?: boolean } = {}): string {
  const tokens = lengthenNameVowels(tokenize(normaliseTitleCase(run)), options.afterConsonant ?? false);
  let output = '';
  // True while the last thing written is a consonant still carrying its inherent vowel.
  let isOpenConsonant = false;
  // A consonant written before this word takes a leading vowel as its sign, but is not joined
  // to a leading consonant: "राम" + "ro" stays two syllables, not a conjunct.
  let canTakeSign = options.afterConsonant ?? false;
  for (const token of tokens) {
    switch (token.kind) {
      case 'consonant':
        if (isOpenConsonant) output += HALANT;
        output += token.text;
        isOpenConsonant = true;
        break;
      case 'vowel':
        output += isOpenConsonant || canTakeSign ? token.sign : token.letter;
        isOpenConsonant = false;
        break;
      case 'sign':
        output += token.text;
        isOpenConsonant = false;
        break;
      case 'halant':
        if (isOpenConsonant || canTakeSign) output += HALANT;
        isOpenConsonant = false;
        break;
    }
    canTakeSign = false;
  }
  return output;
}

export function toDevanagariDigits(text: string): string {
  return text.replace(/[0-9]/g, (digit) => String.fromCharCode(DEVANAGARI_DIGIT_ZERO + Number(digit)));
}

/**
 * Every romanised run of the text in Devanagari, and its Latin digits as Devanagari ones;
 * Devanagari, spaces and punctuation are left as they are, so converting twice changes nothing.
 */
export function transliterate(text: string): string {
  return toDevanagariDigits(text).replace(ROMAN_RUN, (run, offset: number) =>
    transliterateWord(run, { afterConsonant: isDevanagariConsonant(text[offset - 1]) }),
  );
}

/** True when the text holds a character a romanised keyboard types (a Latin letter). */
export function hasRomanLetters(text: string): boolean {
  return /[A-Za-z]/.test(text);
}
