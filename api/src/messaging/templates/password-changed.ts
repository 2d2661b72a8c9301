import { composeMail, formatMoment, greet, SIGNATURE, type RecipientNames, type RenderedMail } from './bilingual';

/** Told after every password change, so that a change the owner did not make is noticed. */
export function renderPasswordChangedMail(input: RecipientNames & { username: string; changedAt: Date; loginUrl: string }): RenderedMail {
  const hello = greet(input);
  const moment = formatMoment(input.changedAt);
  return composeMail(
    { ne: 'पासवर्ड परिवर्तन भयो', en: 'Your password was changed' },
    {
      ne: `${hello.ne}

तपाईंको खाता (प्रयोगकर्ताको नाम: ${input.username}) को पासवर्ड ${moment.ne} मा परिवर्तन गरियो। अरू सबै ठाउँमा गरिएका लगइन बन्द गरिएका छन्।
यो परिवर्तन तपाईंले गर्नुभएको होइन भने ${input.loginUrl} मा गएर "पासवर्ड बिर्सनुभयो?" मार्फत तुरुन्तै नयाँ पासवर्ड राख्नुहोस्।

${SIGNATURE.ne}`,
      en: `${hello.en}

The password of your account (user name: ${input.username}) was changed at ${moment.en}. Sessions signed in elsewhere have been ended.
If you did not make this change, set a new password now: go to ${input.loginUrl} and choose "Forgot password?".

${SIGNATURE.en}`,
    },
  );
}
