// Realistic data for the certificate tests: a body with every placeholder in both languages.
import type { CertificateData } from '@psc/core';
import { NEPALI_NAME, TINY_PNG } from './exam-document-fixtures.test-support';

export const CERTIFICATE_BODY = {
  np: 'लोक सेवा आयोगबाट विज्ञापन नं. {advertisementCode} (आर्थिक वर्ष {fiscalYear}) अन्तर्गत {post} पदको {quota} समूहमा लिइएको परीक्षामा रोल नं. {rollNumber} का उम्मेदवार {name} योग्यताक्रममा {position} स्थानमा उत्तीर्ण हुनुभएकोले निजलाई {office} मा नियुक्तिका लागि सिफारिस गरिएको छ।',
  en: 'In the examination held by the Public Service Commission under advertisement no. {advertisementCode} (fiscal year {fiscalYear}) for the post of {post} in the {quota} quota, {name}, roll number {rollNumber}, stood at position {position} on the merit list and is hereby recommended for appointment at {office}.',
};

export function buildCertificate(overrides: Partial<CertificateData> = {}): CertificateData {
  const name = { np: NEPALI_NAME, en: 'Shreekrishna Prasad Kshetri' };
  const post = { np: 'शाखा अधिकृत', en: 'Section Officer' };
  const office = { np: 'लोक सेवा आयोग, केन्द्रीय कार्यालय, अनामनगर, काठमाडौं', en: 'Public Service Commission, Central Office, Anamnagar, Kathmandu' };
  return {
    commission: { np: 'लोक सेवा आयोग', en: 'Public Service Commission' },
    office,
    advertisementCode: '80/081-82',
    fiscalYear: '2081/82',
    post,
    candidate: { name },
    rollNumber: '1002345',
    body: CERTIFICATE_BODY,
    values: { name, rollNumber: '1002345', post, advertisementCode: '80/081-82', fiscalYear: '2081/82', office, quota: { np: 'खुला', en: 'Open' }, position: 3 },
    signatory: { name: { np: 'रामचन्द्र पौडेल', en: 'Ramchandra Poudel' }, title: { np: 'सचिव', en: 'Secretary' } },
    seal: TINY_PNG,
    issuedOnAd: '2025-03-14',
    issuedOnBs: '2081-12-01',
    ...overrides,
  };
}

/** The longest names a certificate is expected to carry, and a body near the configured limit. */
export function buildLongCertificate(): CertificateData {
  const certificate = buildCertificate();
  const name = { np: 'श्रीकृष्णप्रसाद विश्वेश्वरप्रसाद क्षेत्री उपाध्याय बज्राचार्य', en: 'Shreekrishnaprasad Bishweshwarprasad Kshetri Upadhyaya Bajracharya' };
  const post = { np: 'सहायक प्रशासकीय अधिकृत (लेखा तथा आन्तरिक लेखापरीक्षण)', en: 'Assistant Administrative Officer (Accounts and Internal Audit)' };
  return {
    ...certificate,
    candidate: { name },
    post,
    values: { ...certificate.values, name, post },
    body: { np: `${CERTIFICATE_BODY.np}\n\n${CERTIFICATE_BODY.np}\n\n${CERTIFICATE_BODY.np}`, en: `${CERTIFICATE_BODY.en}\n\n${CERTIFICATE_BODY.en}\n\n${CERTIFICATE_BODY.en}` },
    signatory: { name: { np: 'डा. रामचन्द्रप्रसाद पौडेल उपाध्याय', en: 'Dr. Ramchandraprasad Poudel Upadhyaya' }, title: { np: 'सचिव, लोक सेवा आयोग', en: 'Secretary, Public Service Commission' } },
  };
}
