// Realistic data for the exam document tests: long names in both scripts, four papers at two
// centres, a verification address of the length the API signs.
import type { AdmitCardData, ApplicationFormData, AttendanceSheetData, DoorListData, PrintedSitting, SeatedCandidate } from './exam-documents';

/** A 1 x 1 grey PNG: an image on file, as small as one can be. */
export const TINY_PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGNoAAAAggCBd81ytgAAAABJRU5ErkJggg==';

export const NEPALI_NAME = 'श्रीकृष्ण प्रसाद क्षेत्री';

const COMMISSION = { np: 'लोक सेवा आयोग', en: 'Public Service Commission' };
const OFFICE = { np: 'लोक सेवा आयोग, केन्द्रीय कार्यालय, अनामनगर, काठमाडौं', en: 'Public Service Commission, Central Office, Anamnagar, Kathmandu' };
const CENTRE = {
  name: { np: 'पद्मकन्या बहुमुखी क्याम्पस', en: 'Padma Kanya Multiple Campus' },
  address: { np: 'बागबजार, काठमाडौं महानगरपालिका वडा नं. २८', en: 'Bagbazar, Kathmandu Metropolitan City Ward 28' },
};
const SECOND_CENTRE = {
  name: { np: 'त्रिभुवन विश्वविद्यालय, त्रि-चन्द्र बहुमुखी क्याम्पस', en: 'Tribhuvan University, Tri-Chandra Multiple Campus' },
  address: { np: 'घण्टाघर, काठमाडौं', en: 'Ghantaghar, Kathmandu' },
};

/** A signed statement's base64url of about the length the API issues (400 characters in all). */
export const VERIFICATION_URL = `https://portal.example/verify#v1.${'eyJyIjoiMTAwMjM0NSIsIm4iOiLgpLbgpY3gpLDgpYDgpJXgpYPgpLfgpY3gpKMifQ'.repeat(4)}.${'MEUCIQDx7k2_Lw9-f3hY6sQz1c0aBv8nT4pR'.repeat(2)}-${'Xq'.repeat(6)}`;

export function buildAdmitCard(overrides: Partial<AdmitCardData> = {}): AdmitCardData {
  return {
    commission: COMMISSION,
    office: OFFICE,
    advertisementCode: '80/081-82',
    fiscalYear: '2081/82',
    post: { np: 'शाखा अधिकृत', en: 'Section Officer' },
    postDetail: { np: 'नेपाल प्रशासन सेवा, सामान्य प्रशासन समूह, राजपत्रांकित तृतीय श्रेणी (सातौं तह)', en: 'Nepal Administration Service, General Administration Group, Gazetted Third Class (7th level)' },
    candidate: { name: { np: NEPALI_NAME, en: 'Shreekrishna Prasad Kshetri' }, photo: TINY_PNG, signature: TINY_PNG },
    rollNumber: '1002345',
    papers: [
      { name: { np: 'प्रथम पत्र: सामान्य ज्ञान र सार्वजनिक व्यवस्थापन', en: 'First paper: general knowledge and public management' }, dateAd: '2025-01-04', dateBs: '2081-09-20', startTime: '07:00', durationMinutes: 180, centre: CENTRE, roomNumber: '101', seatNumber: 17 },
      { name: { np: 'द्वितीय पत्र: नेपालको संविधान र शासन व्यवस्था', en: 'Second paper: the Constitution of Nepal and governance' }, dateAd: '2025-01-05', dateBs: '2081-09-21', startTime: '07:00', durationMinutes: 180, centre: CENTRE, roomNumber: '101', seatNumber: 17 },
      { name: { np: 'तृतीय पत्र: सेवा सम्बन्धी विषय', en: 'Third paper: service-specific subject' }, dateAd: '2025-01-06', dateBs: '2081-09-22', startTime: '11:30', durationMinutes: 150, centre: CENTRE, roomNumber: '204', seatNumber: 3 },
      { name: { np: 'चतुर्थ पत्र: अङ्ग्रेजी भाषा र बोधगम्यता', en: 'Fourth paper: English language and comprehension' }, dateAd: '2025-01-07', dateBs: '2081-09-23', startTime: '11:30', durationMinutes: 90, centre: CENTRE, roomNumber: '204', seatNumber: 3 },
    ],
    verificationUrl: VERIFICATION_URL,
    issuedOnAd: '2024-12-16',
    issuedOnBs: '2081-09-01',
    ...overrides,
  };
}

/** The same card with its papers at two centres, which prints a centre per row. */
export function buildAdmitCardAtTwoCentres(): AdmitCardData {
  const card = buildAdmitCard();
  return { ...card, papers: card.papers.map((paper, index) => (index >= 2 ? { ...paper, centre: SECOND_CENTRE } : paper)) };
}

export const SITTING: PrintedSitting = {
  commission: COMMISSION,
  office: OFFICE,
  advertisementCode: '80/081-82',
  post: { np: 'शाखा अधिकृत', en: 'Section Officer' },
  paper: { np: 'प्रथम पत्र: सामान्य ज्ञान र सार्वजनिक व्यवस्थापन', en: 'First paper: general knowledge and public management' },
  dateAd: '2025-01-04',
  dateBs: '2081-09-20',
  startTime: '07:00',
  durationMinutes: 180,
  centre: CENTRE,
};

const GIVEN_NAMES = [
  { np: 'श्रीकृष्ण प्रसाद', en: 'Shreekrishna Prasad' },
  { np: 'सीता कुमारी', en: 'Sita Kumari' },
  { np: 'राम बहादुर', en: 'Ram Bahadur' },
  { np: 'लक्ष्मी', en: 'Laxmi' },
  { np: 'पुष्पराज', en: 'Pushparaj' },
];
const FAMILY_NAMES = [
  { np: 'क्षेत्री', en: 'Kshetri' },
  { np: 'श्रेष्ठ', en: 'Shrestha' },
  { np: 'अधिकारी', en: 'Adhikari' },
  { np: 'त्रिपाठी', en: 'Tripathi' },
];

/** `count` candidates seated 1..count with roll numbers from 1002001; every seventh has no photograph. */
export function buildSeatedCandidates(count: number): SeatedCandidate[] {
  return Array.from({ length: count }, (_, index) => {
    const given = GIVEN_NAMES[index % GIVEN_NAMES.length]!;
    const family = FAMILY_NAMES[index % FAMILY_NAMES.length]!;
    return {
      rollNumber: String(1002001 + index),
      seatNumber: index + 1,
      name: { np: `${given.np} ${family.np}`, en: `${given.en} ${family.en}` },
      photo: index % 7 === 6 ? null : TINY_PNG,
    };
  });
}

export function buildAttendanceSheet(candidateCount: number, overrides: Partial<AttendanceSheetData> = {}): AttendanceSheetData {
  return {
    sitting: SITTING,
    roomNumber: '101',
    floor: 'पहिलो तला / First floor',
    candidates: buildSeatedCandidates(candidateCount),
    invigilators: [
      { name: { np: 'हरि प्रसाद पौडेल', en: 'Hari Prasad Poudel' }, post: { np: 'शाखा अधिकृत', en: 'Section Officer' }, mobile: '9841000001' },
      { name: { np: 'गीता कुमारी थापा', en: 'Gita Kumari Thapa' }, post: { np: 'नायब सुब्बा', en: 'Nayab Subba' }, mobile: '9841000002' },
    ],
    printedOnAd: '2024-12-30',
    printedOnBs: '2081-09-15',
    ...overrides,
  };
}

export function buildDoorList(overrides: Partial<DoorListData> = {}): DoorListData {
  return {
    sitting: SITTING,
    chief: { name: { np: 'रमेश कुमार शर्मा', en: 'Ramesh Kumar Sharma' }, post: { np: 'उपसचिव', en: 'Under Secretary' }, mobile: '9851000003' },
    rooms: [
      { roomNumber: '101', floor: 'भुइँ तला', rollFrom: '1002001', rollTo: '1002060', candidates: 60 },
      { roomNumber: '102', floor: 'भुइँ तला', rollFrom: '1002061', rollTo: '1002120', candidates: 60 },
      { roomNumber: '201', floor: 'पहिलो तला', rollFrom: '1002121', rollTo: '1002158', candidates: 38 },
    ],
    printedOnAd: '2024-12-30',
    printedOnBs: '2081-09-15',
    ...overrides,
  };
}

export function buildApplicationForm(overrides: Partial<ApplicationFormData> = {}): ApplicationFormData {
  return {
    commission: COMMISSION,
    office: OFFICE,
    advertisementCode: '80/081-82',
    fiscalYear: '2081/82',
    post: { np: 'शाखा अधिकृत', en: 'Section Officer' },
    receiptCode: 'PSC-2081-000123',
    appliedOnAd: '2024-09-02',
    appliedOnBs: '2081-05-17',
    rollNumber: '1002345',
    candidate: { name: { np: NEPALI_NAME, en: 'Shreekrishna Prasad Kshetri' }, photo: TINY_PNG, signature: null },
    sections: [
      {
        title: 'व्यक्तिगत विवरण',
        fields: [
          { label: 'जन्म मिति', value: '२०५५-०३-१२' },
          { label: 'लिङ्ग', value: 'पुरुष' },
          { label: 'नागरिकता नं.', value: '27-01-71-01234' },
          { label: 'बुबाको नाम', value: 'हरिकृष्ण क्षेत्री' },
        ],
      },
      {
        title: 'ठेगाना',
        fields: [
          { label: 'स्थायी ठेगाना', value: 'बागमती प्रदेश, काठमाडौं, काठमाडौं महानगरपालिका वडा नं. २८' },
          { label: 'मोबाइल', value: '9841234567' },
        ],
      },
    ],
    tables: [
      {
        title: 'शैक्षिक योग्यता',
        columns: ['तह', 'विश्वविद्यालय', 'संकाय', 'प्राप्तांक'],
        rows: [
          ['स्नातकोत्तर', 'त्रिभुवन विश्वविद्यालय', 'व्यवस्थापन', '३.६ GPA'],
          ['स्नातक', 'त्रिभुवन विश्वविद्यालय', 'व्यवस्थापन', '७२%'],
        ],
      },
    ],
    printedOnAd: '2024-12-30',
    printedOnBs: '2081-09-15',
    ...overrides,
  };
}
