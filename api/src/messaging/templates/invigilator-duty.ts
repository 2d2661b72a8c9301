import { adToBs, formatBsDate, toDevanagariDigits } from '@psc/core';
import { BULK_SMS_MAX_PARTS, smsLengthOf } from '../sms-length';

// The duty SMS of the bulk invigilator SMS [BIS]. Nepali only, unlike the candidates' bilingual
// SMS: invigilators are the commission's own staff, and a bilingual duty message would take five
// UCS-2 parts where this takes two or three (sms-length.ts counts them).

export type InvigilatorDutyFacts = {
  invigilatorNameNp: string;
  advertisementCode: string;
  /** A.D. date of the sitting, YYYY-MM-DD; shown in B.S. */
  examDate: string;
  /** HH:MM or HH:MM:SS, Nepal time. */
  startTime: string;
  venueNameNp: string;
  /** null for the centre's chief. */
  roomNumber: string | null;
};

function compose(facts: InvigilatorDutyFacts, venueName: string, personName: string): string {
  const when = `${formatBsDate(adToBs(facts.examDate), 'ne')} ${toDevanagariDigits(facts.startTime.slice(0, 5))} बजे`;
  const duty = facts.roomNumber === null ? 'केन्द्राध्यक्ष' : `कोठा ${toDevanagariDigits(facts.roomNumber)}, निरीक्षक`;
  return `लोक सेवा आयोग: ${personName}, वि.नं. ${toDevanagariDigits(facts.advertisementCode)} परीक्षा ${when}, ${venueName}, ${duty}।`;
}

/** Shortens a name to `length` characters with an ellipsis. */
const shorten = (text: string, length: number) => (text.length <= length ? text : `${text.slice(0, Math.max(1, length - 1))}…`);

/**
 * The message, within BULK_SMS_MAX_PARTS parts: a centre name (then the person's name) too long
 * for them is shortened, the rest of the message kept whole.
 */
export function renderInvigilatorDutySms(facts: InvigilatorDutyFacts): string {
  let venueName = facts.venueNameNp.trim();
  let personName = facts.invigilatorNameNp.trim();
  let text = compose(facts, venueName, personName);
  while (smsLengthOf(text).parts > BULK_SMS_MAX_PARTS && (venueName.length > 12 || personName.length > 12)) {
    if (venueName.length > 12) venueName = shorten(venueName, venueName.length - 5);
    else personName = shorten(personName, personName.length - 5);
    text = compose(facts, venueName, personName);
  }
  return text;
}
