import { toDevanagariDigits } from '@psc/core';
import { composeMail, composeSms, formatMoment, SIGNATURE, type Bilingual } from '../messaging/templates/bilingual';
import type { LockedSelection } from './save-selection';

// The SMS and e-mail a published result sends to each person on it (spec §7 results; §1 bilingual,
// Nepali first). Written per outcome with placeholders the publishing statement fills per row
// ({roll}, {rollNp}, {nameEn}, {nameNp}), so one INSERT ... SELECT queues every message.

export type OutcomeTemplate = { outcome: 'shortlisted' | 'selected' | 'alternate'; sms: string; subject: string; mail: string };

function interviewOf(selection: LockedSelection): Bilingual {
  if (!selection.interviewAt) return { ne: '', en: '' };
  const when = formatMoment(new Date(selection.interviewAt));
  return {
    ne: ` अन्तर्वार्ता: ${when.ne}, ${selection.interviewPlaceNp ?? selection.interviewPlaceEn ?? ''}।`,
    en: ` Interview: ${when.en}, ${selection.interviewPlaceEn ?? selection.interviewPlaceNp ?? ''}.`,
  };
}

/** The bilingual texts of a selection's outcomes. */
export function selectionMessageTemplates(selection: LockedSelection): OutcomeTemplate[] {
  const code = { ne: toDevanagariDigits(selection.advertisementCode), en: selection.advertisementCode };
  const interview = interviewOf(selection);
  const lines: { outcome: OutcomeTemplate['outcome']; subject: Bilingual; body: Bilingual }[] =
    selection.kind === 'written'
      ? [
          {
            outcome: 'shortlisted',
            subject: { ne: `लिखित परीक्षाको नतिजा: वि.नं. ${code.ne}`, en: `Written exam result: advertisement ${code.en}` },
            body: {
              ne: `लोक सेवा आयोग: वि.नं. ${code.ne} को लिखित परीक्षामा रोल नं. {rollNp} ({nameNp}) उत्तीर्ण हुनुभएको छ।${interview.ne}`,
              en: `Public Service Commission: roll no. {roll} ({nameEn}) passed the written exam of advertisement ${code.en}.${interview.en}`,
            },
          },
        ]
      : [
          {
            outcome: 'selected',
            subject: { ne: `अन्तिम नतिजा: वि.नं. ${code.ne}`, en: `Final result: advertisement ${code.en}` },
            body: {
              ne: `लोक सेवा आयोग: वि.नं. ${code.ne} को अन्तिम नतिजामा रोल नं. {rollNp} ({nameNp}) सिफारिसका लागि छनोट हुनुभएको छ।`,
              en: `Public Service Commission: roll no. {roll} ({nameEn}) is selected for recommendation in the final result of advertisement ${code.en}.`,
            },
          },
          {
            outcome: 'alternate',
            subject: { ne: `अन्तिम नतिजा: वि.नं. ${code.ne}`, en: `Final result: advertisement ${code.en}` },
            body: {
              ne: `लोक सेवा आयोग: वि.नं. ${code.ne} को अन्तिम नतिजामा रोल नं. {rollNp} ({nameNp}) वैकल्पिक सूचीमा हुनुहुन्छ।`,
              en: `Public Service Commission: roll no. {roll} ({nameEn}) is on the alternate list of the final result of advertisement ${code.en}.`,
            },
          },
        ];
  return lines.map((line) => {
    const mail = composeMail(line.subject, { ne: `${line.body.ne}\n\n${SIGNATURE.ne}`, en: `${line.body.en}\n\n${SIGNATURE.en}` });
    return { outcome: line.outcome, sms: composeSms(line.body), subject: mail.subject, mail: mail.bodyText };
  });
}
