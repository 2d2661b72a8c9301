import { adToBs, formatBsIso, NEPAL_TIME_ZONE, toDevanagariDigits } from '@psc/core';

// Every mail and SMS is written in both languages, Nepali first (spec §1: bilingual, Nepali by
// default): the sender does not know which language the reader chose in the portal.

export type Bilingual = { ne: string; en: string };

export type RecipientNames = { nameEn: string; nameNp: string | null };

export type RenderedMail = { subject: string; bodyText: string };

const SEPARATOR = '\n\n------------------------------------------------------------\n\n';

export function composeMail(subject: Bilingual, body: Bilingual): RenderedMail {
  return { subject: `${subject.ne} / ${subject.en}`, bodyText: `${body.ne.trim()}${SEPARATOR}${body.en.trim()}\n` };
}

export function composeSms(body: Bilingual): string {
  return `${body.ne.trim()}\n${body.en.trim()}`;
}

/** The moment in Nepal time: B.S. date and Devanagari digits in Nepali, A.D. in English. */
export function formatMoment(moment: Date): Bilingual {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: NEPAL_TIME_ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(moment)
      .map((part) => [part.type, part.value]),
  );
  const ad = `${parts.year}-${parts.month}-${parts.day}`;
  const time = `${parts.hour}:${parts.minute}`;
  return {
    ne: toDevanagariDigits(`${formatBsIso(adToBs(ad))} ${time}`) + ' (वि.सं., नेपाल समय)',
    en: `${ad} ${time} (Nepal time)`,
  };
}

export function greet(names: RecipientNames): Bilingual {
  return { ne: `नमस्कार ${names.nameNp ?? names.nameEn},`, en: `Dear ${names.nameEn},` };
}

export const SIGNATURE: Bilingual = {
  ne: 'लोक सेवा आयोग\n(यो इमेल स्वचालित रूपमा पठाइएको हो; यसको जवाफ नदिनुहोस्।)',
  en: 'Public Service Commission\n(This message was sent automatically; please do not reply.)',
};
