import { describe, expect, it } from 'vitest';
import { BULK_SMS_MAX_PARTS, smsLengthOf } from '../sms-length';
import { renderInvigilatorDutySms } from './invigilator-duty';

const facts = {
  invigilatorNameNp: 'सीता शर्मा',
  advertisementCode: '12/2082-83',
  examDate: '2025-12-06',
  startTime: '11:00:00',
  venueNameNp: 'पद्मोदय माध्यमिक विद्यालय',
  roomNumber: '101',
};

describe('the invigilator duty SMS', () => {
  it('names the person, the advertisement, the B.S. date and time, the centre and the room', () => {
    expect(renderInvigilatorDutySms(facts)).toBe(
      'लोक सेवा आयोग: सीता शर्मा, वि.नं. १२/२०८२-८३ परीक्षा २०८२-०८-२० ११:०० बजे, पद्मोदय माध्यमिक विद्यालय, कोठा १०१, निरीक्षक।',
    );
  });

  it('gives the chief the centre without a room', () => {
    expect(renderInvigilatorDutySms({ ...facts, roomNumber: null })).toContain(', पद्मोदय माध्यमिक विद्यालय, केन्द्राध्यक्ष।');
  });

  it('fits a typical duty in two UCS-2 parts and any duty in three, shortening a long centre name', () => {
    expect(smsLengthOf(renderInvigilatorDutySms(facts))).toMatchObject({ encoding: 'ucs-2', parts: 2 });
    const long = renderInvigilatorDutySms({ ...facts, venueNameNp: 'श्री '.repeat(40) + 'माध्यमिक विद्यालय', invigilatorNameNp: 'क'.repeat(80) });
    expect(smsLengthOf(long).parts).toBeLessThanOrEqual(BULK_SMS_MAX_PARTS);
    expect(long).toContain('…');
    expect(long).toContain('कोठा १०१, निरीक्षक।');
  });
});
