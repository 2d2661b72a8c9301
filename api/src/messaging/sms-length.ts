// How many SMS parts a text takes, as the networks count them. A text of only GSM 03.38 basic
// characters is sent in 7-bit: 160 characters in one part, 153 per part once split (the rest of
// each part carries the concatenation header); the extension characters (^{}[]~|\€ and the form
// feed) take two. Any other character (every Devanagari letter) sends the whole text as UCS-2:
// 70 UTF-16 code units in one part, 67 per part once split.

const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_EXTENSION = '^{}\\[~]|€\f';

export type SmsLength = { encoding: 'gsm-7' | 'ucs-2'; units: number; parts: number };

export function smsLengthOf(text: string): SmsLength {
  let gsmUnits = 0;
  for (const character of text) {
    if (GSM_BASIC.includes(character)) gsmUnits += 1;
    else if (GSM_EXTENSION.includes(character)) gsmUnits += 2;
    else {
      // UCS-2 counts UTF-16 code units: a character outside the basic plane takes two.
      const units = text.length;
      return { encoding: 'ucs-2', units, parts: units <= 70 ? 1 : Math.ceil(units / 67) };
    }
  }
  return { encoding: 'gsm-7', units: gsmUnits, parts: gsmUnits <= 160 ? 1 : Math.ceil(gsmUnits / 153) };
}

/** The most parts a bulk message may take: three UCS-2 parts are 201 Devanagari characters. */
export const BULK_SMS_MAX_PARTS = 3;
