import { composeMail, formatMoment, greet, SIGNATURE, type RecipientNames, type RenderedMail } from './bilingual';

/** spec §4: active candidates get a password-change mail on each sign-in attempt. */
export function renderPasswordNoticeMail(input: RecipientNames & { username: string; attemptedAt: Date; loginUrl: string }): RenderedMail {
  const hello = greet(input);
  const moment = formatMoment(input.attemptedAt);
  return composeMail(
    { ne: 'तपाईंको खातामा लगइन प्रयास', en: 'Sign-in attempt on your account' },
    {
      ne: `${hello.ne}

तपाईंको खाता (प्रयोगकर्ताको नाम: ${input.username}) मा ${moment.ne} मा लगइन गर्ने प्रयास भयो।
यो तपाईं आफैं हुनुहुन्थ्यो भने केही गर्नुपर्दैन। होइन भने ${input.loginUrl} मा गएर "पासवर्ड बिर्सनुभयो?" मार्फत तुरुन्तै पासवर्ड परिवर्तन गर्नुहोस्।

${SIGNATURE.ne}`,
      en: `${hello.en}

Someone tried to sign in to your account (user name: ${input.username}) at ${moment.en}.
If this was you, there is nothing to do. If it was not, change your password now: go to ${input.loginUrl} and choose "Forgot password?".

${SIGNATURE.en}`,
    },
  );
}
