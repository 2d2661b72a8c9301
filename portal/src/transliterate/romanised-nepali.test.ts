import { describe, expect, it } from 'vitest';
import { hasRomanLetters, transliterate, transliterateWord } from './romanised-nepali';

describe('transliterate: romanised Nepali to Devanagari', () => {
  it.each([
    ['ram', 'राम'],
    ['raam', 'राम'],
    ['shyam', 'श्याम'],
    ['lal', 'लाल'],
    ['dhan', 'धान'],
    ['dhanaraaj', 'धनराज'],
    ['dhanraaj', 'धन्राज'],
    ['RiShi', 'ऋषि'],
    ['ka', 'का'],
    ['sita', 'सिता'],
    ['seetaa', 'सीता'],
    ['sita sharma', 'सिता शर्मा'],
    ['hari prasaad', 'हरि प्रसाद'],
    ['prasad', 'प्रसद'],
    ['bahaadur', 'बहादुर'],
    ['thapa', 'थपा'],
    ['thaapa', 'थापा'],
    ['nepaal', 'नेपाल'],
    ['nepal', 'नेपल'],
    ['kamal', 'कमल'],
    ['gopaal', 'गोपाल'],
    ['laxmee', 'लक्ष्मी'],
    ['lakshmi', 'लक्ष्मि'],
    ['gyan', 'ज्ञान'],
    ['chhetri', 'छेत्रि'],
    ['chhetree', 'छेत्री'],
    ['krishna', 'क्रिश्न'],
    ['kendra', 'केन्द्र'],
    ['chandra', 'चन्द्र'],
    ['varma', 'वर्मा'],
    ['kRiShN', 'कृष्ण'],
    ['shreShTh', 'श्रेष्ठ'],
    ['kaaThamaaDauM', 'काठमाडौं'],
    ['swaasthy', 'स्वास्थ्य'],
    ['dwaarikaa', 'द्वारिका'],
    ['amma', 'अम्म'],
    ['ammaa', 'अम्मा'],
    ['kachchha', 'कच्छ'],
    ['santosh', 'सन्तोश'],
    ['phulamaayaa', 'फुलमाया'],
    ['fulmaya', 'फुल्मया'],
    ['jhalak', 'झलक'],
    ['ghanashyaam', 'घनश्याम'],
    ['bhim', 'भिम'],
    ['Dhol', 'धोल'],
    ['vishnu', 'विश्नु'],
    ['wada', 'वदा'],
    ['yuvaraaj', 'युवराज'],
    ['zila', 'जिला'],
    ['ch', 'च'],
  ])('%s -> %s', (roman, devanagari) => {
    expect(transliterate(roman)).toBe(devanagari);
  });

  it('writes every independent vowel at the start of a word and its sign after a consonant', () => {
    const vowels: [string, string, string][] = [
      ['a', 'अ', 'का'],
      ['aa', 'आ', 'का'],
      ['A', 'आ', 'का'],
      ['i', 'इ', 'कि'],
      ['ee', 'ई', 'की'],
      ['ii', 'ई', 'की'],
      ['I', 'ई', 'की'],
      ['u', 'उ', 'कु'],
      ['oo', 'ऊ', 'कू'],
      ['uu', 'ऊ', 'कू'],
      ['U', 'ऊ', 'कू'],
      ['e', 'ए', 'के'],
      ['ai', 'ऐ', 'कै'],
      ['o', 'ओ', 'को'],
      ['au', 'औ', 'कौ'],
      ['ou', 'औ', 'कौ'],
    ];
    // Ri alone would be read as the title-case "ri" (रि).
    expect(transliterateWord('kRi')).toBe('कृ');
    for (const [roman, letter, withK] of vowels) {
      expect(transliterateWord(roman), roman).toBe(letter);
      expect(transliterateWord(`k${roman}`), `k${roman}`).toBe(withK);
    }
  });

  it('maps every consonant of the scheme', () => {
    const consonants: [string, string][] = [
      ['k', 'क'], ['kh', 'ख'], ['g', 'ग'], ['gh', 'घ'], ['ch', 'च'], ['c', 'च'], ['chh', 'छ'], ['j', 'ज'],
      ['jh', 'झ'], ['T', 'ट'], ['Th', 'ठ'], ['D', 'ड'], ['Dh', 'ढ'], ['N', 'ण'], ['t', 'त'], ['th', 'थ'],
      ['d', 'द'], ['dh', 'ध'], ['n', 'न'], ['p', 'प'], ['ph', 'फ'], ['f', 'फ'], ['b', 'ब'], ['bh', 'भ'],
      ['m', 'म'], ['y', 'य'], ['r', 'र'], ['l', 'ल'], ['w', 'व'], ['v', 'व'], ['sh', 'श'], ['Sh', 'ष'],
      ['s', 'स'], ['h', 'ह'], ['ksh', 'क्ष'], ['x', 'क्ष'], ['q', 'क'], ['z', 'ज'],
    ];
    // Inside a word ("a" + consonant + "a"), so a capital is not taken for a name's capital.
    for (const [roman, devanagari] of consonants) expect(transliterateWord(`a${roman}i`), roman).toBe(`अ${devanagari}ि`);
  });

  it('joins consonants with a halant and leaves the last consonant of a word whole', () => {
    expect(transliterate('prem')).toBe('प्रेम');
    expect(transliterate('tyo')).toBe('त्यो');
    expect(transliterate('sabdh')).toBe('सब्ध');
  });

  it('writes anusvara, chandrabindu, visarga, an explicit halant and the full stop', () => {
    expect(transliterate('haMs')).toBe('हंस');
    expect(transliterate('gaau*')).toBe('गाउँ');
    expect(transliterate('duHkh')).toBe('दुःख');
    expect(transliterate('g~y')).toBe('ग्य');
    expect(transliterate('yog~ya')).toBe('योग्या');
    expect(transliterate('garnuhos~')).toBe('गर्नुहोस्');
    expect(transliterate('ho|')).toBe('हो।');
  });

  it('reads a title-case word as lower case, but keeps capitals inside a word', () => {
    expect(transliterate('Ram')).toBe('राम');
    expect(transliterate('Sita Sharma')).toBe('सिता शर्मा');
    expect(transliterate('Tika')).toBe('तिका');
    expect(transliterate('Aama')).toBe('आमा');
    expect(transliterate('Indr')).toBe('इन्द्र');
    expect(transliterate('Indra')).toBe('इन्द्र');
    expect(transliterate('aShok')).toBe('अषोक');
    expect(transliterate('T')).toBe('ट');
  });

  it('reads a capital the scheme does not know as its small letter', () => {
    expect(transliterate('BHIM')).toBe('भिम');
    expect(transliterate('aBhi')).toBe('अभि');
    expect(transliterate('raaKesh')).toBe('राकेश');
  });

  it('writes Latin digits as Devanagari digits and leaves other characters as they are', () => {
    expect(transliterate('waDaa 12')).toBe('वडा १२');
    expect(transliterate('राम, श्याम (हरि)')).toBe('राम, श्याम (हरि)');
    expect(transliterate('')).toBe('');
  });

  it('continues a Devanagari consonant already written', () => {
    expect(transliterate('कi')).toBe('कि');
    expect(transliterate('रामo')).toBe('रामो');
    // A consonant after one already written starts a new syllable.
    expect(transliterate('रामsharma')).toBe('रामशर्मा');
  });

  it('changes nothing when run twice', () => {
    const once = transliterate('Ram Bahadur Thapa 2081');
    expect(transliterate(once)).toBe(once);
  });

  it('tells Latin letters apart', () => {
    expect(hasRomanLetters('राम')).toBe(false);
    expect(hasRomanLetters('राम k')).toBe(true);
  });
});
