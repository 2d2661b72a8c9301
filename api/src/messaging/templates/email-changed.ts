import { composeMail, formatMoment, greet, SIGNATURE, type RecipientNames, type RenderedMail } from './bilingual';

/** Sent to the old address after an /exisiting-user recovery moved the account to a new one. */
export function renderEmailChangedMail(input: RecipientNames & { username: string; maskedNewEmail: string; changedAt: Date }): RenderedMail {
  const hello = greet(input);
  const moment = formatMoment(input.changedAt);
  return composeMail(
    { ne: 'खाताको इमेल ठेगाना परिवर्तन भयो', en: 'The e-mail address of your account was changed' },
    {
      ne: `${hello.ne}

तपाईंको खाता (प्रयोगकर्ताको नाम: ${input.username}) को इमेल ठेगाना ${moment.ne} मा नागरिकता विवरण र मोबाइलमा पठाइएको कोडबाट ${input.maskedNewEmail} मा परिवर्तन गरियो।
यो परिवर्तन तपाईंले गर्नुभएको होइन भने तुरुन्तै लोक सेवा आयोगमा सम्पर्क गर्नुहोस्।

${SIGNATURE.ne}`,
      en: `${hello.en}

The e-mail address of your account (user name: ${input.username}) was changed to ${input.maskedNewEmail} at ${moment.en}, using your citizenship details and a code sent to your mobile.
If you did not make this change, contact the Public Service Commission at once.

${SIGNATURE.en}`,
    },
  );
}
