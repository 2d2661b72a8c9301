import { describe, expect, it } from 'vitest';
import { CERTIFICATE_PLACEHOLDERS, CERTIFICATE_PLACEHOLDER_LABELS, fillCertificateBody, findUnknownCertificatePlaceholders, type CertificateValues } from './certificate';

const VALUES: CertificateValues = {
  name: { np: 'सीता कुमारी श्रेष्ठ', en: 'Sita Kumari Shrestha' },
  rollNumber: '1002345',
  post: { np: 'शाखा अधिकृत', en: 'Section Officer' },
  advertisementCode: '80/081-82',
  fiscalYear: '2081/82',
  office: { np: 'लोक सेवा आयोग', en: 'Public Service Commission' },
  quota: { np: 'खुला', en: 'Open' },
  position: 3,
};

describe('fillCertificateBody', () => {
  it('fills names in the body language and numbers in its digits', () => {
    expect(fillCertificateBody('{name} (रोल नं. {rollNumber}) {post} पदमा {position} औं', VALUES, 'ne')).toBe('सीता कुमारी श्रेष्ठ (रोल नं. १००२३४५) शाखा अधिकृत पदमा ३ औं');
    expect(fillCertificateBody('{name}, roll {rollNumber}, {quota}, adv. {advertisementCode}', VALUES, 'en')).toBe('Sita Kumari Shrestha, roll 1002345, Open, adv. 80/081-82');
  });

  it('leaves an unknown placeholder as written and reports it', () => {
    expect(fillCertificateBody('{nmae} {name}', VALUES, 'en')).toBe('{nmae} Sita Kumari Shrestha');
    expect(findUnknownCertificatePlaceholders('{nmae} {name} {nmae} {Post}')).toEqual(['{nmae}', '{Post}']);
    expect(findUnknownCertificatePlaceholders('no placeholders, {} and { name }')).toEqual([]);
  });

  it('labels every placeholder in both languages', () => {
    for (const key of CERTIFICATE_PLACEHOLDERS) {
      expect(CERTIFICATE_PLACEHOLDER_LABELS[key].np).not.toBe('');
      expect(CERTIFICATE_PLACEHOLDER_LABELS[key].en).not.toBe('');
    }
  });
});
