import { describe, expect, it } from 'vitest';
import { describeEvent, maskName } from './read-applications';
import { createReceiptCode, normaliseReceiptCode } from './receipt-code';

describe('receipt codes', () => {
  it('are 12 unambiguous characters in three groups, different each time', () => {
    const codes = new Set(Array.from({ length: 1000 }, () => createReceiptCode()));
    expect(codes.size).toBe(1000);
    for (const code of codes) expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
  });

  it('are read as typed by hand: any case, with or without dashes or spaces', () => {
    expect(normaliseReceiptCode('ab12 cd34 ef56')).toBe('AB12-CD34-EF56');
    expect(normaliseReceiptCode('AB12CD34EF56')).toBe('AB12-CD34-EF56');
    expect(normaliseReceiptCode('short')).toBe('short');
  });
});

describe('what the receipt and the timeline show', () => {
  it('masks every word of a name but its first letter', () => {
    expect(maskName('Gita Adhikari')).toBe('G*** A*******');
    expect(maskName('Om  Ka')).toBe('O** K**');
  });

  it('reads an event by its own key, in Nepali with the Nepali names, and a payment event by its kind', () => {
    const detail = { messageKey: 'application.event.exam-centre-changed', params: { from: 'Hall A', to: 'Hall B' }, paramsNp: { from: 'भवन क', to: 'भवन ख' } };
    expect(describeEvent('exam-centre-changed', detail, 'en')).toBe('Exam centre changed from Hall A to Hall B.');
    expect(describeEvent('exam-centre-changed', detail, 'ne')).toBe('परीक्षा केन्द्र भवन क बाट भवन ख मा परिवर्तन भयो।');
    expect(describeEvent('expired', {}, 'en')).toBe('The application expired unpaid.');
    expect(describeEvent('no-such-kind', { amount: 5 }, 'en')).toBe('no-such-kind');
  });

  it('shows quota and payment-method codes by their names in the reader language', () => {
    const submitted = { messageKey: 'application.event.submitted', params: { quotas: 'open, women', amount: 1400 } };
    const quotas = { en: new Map([['open', 'Open'], ['women', 'Women']]), ne: new Map([['open', 'खुला'], ['women', 'महिला']]) };
    expect(describeEvent('submitted', submitted, 'en', { quotas: quotas.en })).toBe('Application submitted (Open, Women); fee Rs. 1,400.');
    expect(describeEvent('submitted', submitted, 'ne', { quotas: quotas.ne })).toBe('दरखास्त पेश भयो (खुला, महिला); दस्तुर Rs. १,४००।');
    expect(describeEvent('payment-paid', { amount: 1400, method: 'online' }, 'en')).toBe('Fee of Rs. 1,400 paid (online through eSewa).');
  });
});
