import { toDevanagariDigits } from '@psc/core';
import { composeMail, greet, SIGNATURE, type RecipientNames, type RenderedMail } from './bilingual';

/** spec §2 /change/password/{tokenid}: the single-use link of "forgot password". */
export function renderPasswordResetMail(input: RecipientNames & { username: string; link: string; validMinutes: number }): RenderedMail {
  const hello = greet(input);
  return composeMail(
    { ne: 'पासवर्ड परिवर्तन गर्ने लिङ्क', en: 'Link to change your password' },
    {
      ne: `${hello.ne}

तपाईंको खाता (प्रयोगकर्ताको नाम: ${input.username}) को पासवर्ड परिवर्तन गर्न अनुरोध गरिएको छ। नयाँ पासवर्ड राख्न तलको लिङ्क खोल्नुहोस्:

${input.link}

यो लिङ्क ${toDevanagariDigits(input.validMinutes)} मिनेटसम्म र एक पटक मात्र चल्छ। यो अनुरोध तपाईंले गर्नुभएको होइन भने यो इमेललाई बेवास्ता गर्नुहोस्; तपाईंको पासवर्ड परिवर्तन हुँदैन।

${SIGNATURE.ne}`,
      en: `${hello.en}

Someone asked to change the password of your account (user name: ${input.username}). Open this link to choose a new password:

${input.link}

The link works once, for ${input.validMinutes} minutes. If you did not ask for this, please ignore this e-mail; your password stays as it is.

${SIGNATURE.en}`,
    },
  );
}
