import { composeMail, greet, SIGNATURE, type RecipientNames, type RenderedMail } from './bilingual';

export type TemporaryPasswordReason = 'registered' | 'requested' | 'recovered';

const OPENING = {
  registered: {
    ne: 'लोक सेवा आयोगको अनलाइन दरखास्त प्रणालीमा तपाईंको खाता दर्ता भएको छ।',
    en: 'Your account on the online application system of the Public Service Commission has been registered.',
  },
  requested: {
    ne: 'तपाईंको अनुरोधअनुसार तपाईंको खाताका लागि नयाँ अस्थायी पासवर्ड बनाइएको छ।',
    en: 'As requested, a new temporary password has been made for your account.',
  },
  recovered: {
    ne: 'तपाईंको खाताको इमेल ठेगाना यो ठेगानामा परिवर्तन गरिएको छ र नयाँ अस्थायी पासवर्ड बनाइएको छ।',
    en: 'The e-mail address of your account has been changed to this address, and a new temporary password has been made.',
  },
} as const;

/** spec §4 candidate flow: the temporary password, which must be changed at the first sign-in. */
export function renderTemporaryPasswordMail(input: RecipientNames & { username: string; password: string; loginUrl: string; reason: TemporaryPasswordReason }): RenderedMail {
  const hello = greet(input);
  const opening = OPENING[input.reason];
  return composeMail(
    { ne: 'अस्थायी पासवर्ड', en: 'Temporary password' },
    {
      ne: `${hello.ne}

${opening.ne}

प्रयोगकर्ताको नाम: ${input.username}
अस्थायी पासवर्ड: ${input.password}

${input.loginUrl} मा गएर यही पासवर्डले लगइन गर्नुहोस्। पहिलो पटक लगइन गरेपछि पासवर्ड परिवर्तन नगरी अगाडि बढ्न मिल्दैन।
यो अनुरोध तपाईंले गर्नुभएको होइन भने यो इमेललाई बेवास्ता गर्नुहोस्।

${SIGNATURE.ne}`,
      en: `${hello.en}

${opening.en}

User name: ${input.username}
Temporary password: ${input.password}

Sign in at ${input.loginUrl} with this password. After the first sign-in you must change it before you can continue.
If you did not ask for this, please ignore this e-mail.

${SIGNATURE.en}`,
    },
  );
}
