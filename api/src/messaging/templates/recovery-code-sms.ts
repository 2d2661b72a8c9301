import { toDevanagariDigits } from '@psc/core';
import { composeSms } from './bilingual';

/**
 * /exisiting-user: the code that proves the candidate holds the mobile on file. The code itself is
 * in Latin digits in both languages: it is typed back, often on a keyboard without Devanagari.
 */
export function renderRecoveryCodeSms(input: { code: string; validMinutes: number }): string {
  return composeSms({
    ne: `लोक सेवा आयोग: खाता पुनर्प्राप्ति कोड ${input.code}। ${toDevanagariDigits(input.validMinutes)} मिनेटसम्म मान्य। कसैलाई नदिनुहोस्।`,
    en: `PSC: account recovery code ${input.code}, valid for ${input.validMinutes} minutes. Do not share it.`,
  });
}
