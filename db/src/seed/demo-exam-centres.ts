import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../connect';
import { examCentres, examVenueRooms, examVenues, invigilatorPosts, invigilators } from '../schema/index';
import type { DemoContext } from './demo-stages';

// Exam centres (spec §3 "Exam centre"): for each city the demo's advertisements offer (the
// central office's exam hall in Kathmandu, and Pokhara, where the roll-number demo seats two of
// its five), schools and campuses with their rooms; invigilator posts and invigilators of the
// demo office with real Nepali mobiles. Master data only: the centre, room and invigilator
// allocations of a sitting are written by their own stages from what this answers. Idempotent:
// every row is found again by its name, room number or employee number.

type DemoRoom = { roomNumber: string; floor: string; seats: number };
type DemoVenue = { nameEn: string; nameNp: string; addressEn: string; addressNp: string; contactPerson: string; contactNumber: string; rooms: DemoRoom[] };

const room = (roomNumber: string, floor: string, seats: number): DemoRoom => ({ roomNumber, floor, seats });

/** The centres of each demo city, by the city's English name (exam_centres.name_en). */
export const DEMO_EXAM_VENUES: Readonly<Record<string, readonly DemoVenue[]>> = {
  'Central Office Exam Hall, Anamnagar': [
    {
      nameEn: 'Padma Kanya Multiple Campus, Bagbazar',
      nameNp: 'पद्मकन्या बहुमुखी क्याम्पस, बागबजार',
      addressEn: 'Bagbazar, Kathmandu',
      addressNp: 'बागबजार, काठमाडौं',
      contactPerson: 'Sabitri Thapa',
      contactNumber: '014221234',
      rooms: [room('101', 'Ground', 40), room('102', 'Ground', 40), room('201', 'First', 45), room('202', 'First', 45)],
    },
    {
      nameEn: 'Shanker Dev Campus, Putalisadak',
      nameNp: 'शंकरदेव क्याम्पस, पुतलीसडक',
      addressEn: 'Putalisadak, Kathmandu',
      addressNp: 'पुतलीसडक, काठमाडौं',
      contactPerson: 'Rajendra Shrestha',
      contactNumber: '014422345',
      rooms: [room('A-1', 'Ground', 50), room('A-2', 'Ground', 50), room('B-1', 'First', 60)],
    },
    {
      nameEn: 'Durbar High School, Rani Pokhari',
      nameNp: 'दरबार हाइस्कुल, रानीपोखरी',
      addressEn: 'Rani Pokhari, Kathmandu',
      addressNp: 'रानीपोखरी, काठमाडौं',
      contactPerson: 'Krishna Prasad Dahal',
      contactNumber: '9841234501',
      rooms: [room('1', 'Ground', 35), room('2', 'Ground', 35), room('3', 'First', 35), room('4', 'First', 35)],
    },
  ],
  'Prithvi Narayan Campus Exam Hall, Pokhara': [
    {
      nameEn: 'Prithvi Narayan Campus, Bhimkalipatan',
      nameNp: 'पृथ्वीनारायण क्याम्पस, भीमकालीपाटन',
      addressEn: 'Bhimkalipatan, Pokhara',
      addressNp: 'भीमकालीपाटन, पोखरा',
      contactPerson: 'Tek Bahadur Gurung',
      contactNumber: '061520000',
      rooms: [room('11', 'Ground', 45), room('12', 'Ground', 45), room('21', 'First', 50)],
    },
    {
      nameEn: 'Janapriya Multiple Campus, Simalchaur',
      nameNp: 'जनप्रिय बहुमुखी क्याम्पस, सिमलचौर',
      addressEn: 'Simalchaur, Pokhara',
      addressNp: 'सिमलचौर, पोखरा',
      contactPerson: 'Laxmi Poudel',
      contactNumber: '9856012345',
      rooms: [room('1', 'Ground', 40), room('2', 'Ground', 40), room('3', 'First', 30), room('4', 'First', 30)],
    },
  ],
};

export const DEMO_INVIGILATOR_POSTS = [
  { nameEn: 'Centre chief', nameNp: 'केन्द्राध्यक्ष', isChief: true },
  { nameEn: 'Assistant centre chief', nameNp: 'सहायक केन्द्राध्यक्ष', isChief: false },
  { nameEn: 'Invigilator', nameNp: 'निरीक्षक', isChief: false },
  { nameEn: 'Assistant invigilator', nameNp: 'सहायक निरीक्षक', isChief: false },
] as const;

type DemoPostName = (typeof DEMO_INVIGILATOR_POSTS)[number]['nameEn'];

/** Fifteen invigilators: three chiefs, enough to head every demo centre of one sitting. */
export const DEMO_INVIGILATORS: readonly { employeeNo: string; nameEn: string; nameNp: string; post: DemoPostName; mobile: string }[] = [
  { employeeNo: '7101', nameEn: 'Hari Prasad Adhikari', nameNp: 'हरिप्रसाद अधिकारी', post: 'Centre chief', mobile: '9841000101' },
  { employeeNo: '7102', nameEn: 'Gita Kumari Shrestha', nameNp: 'गीता कुमारी श्रेष्ठ', post: 'Centre chief', mobile: '9851000102' },
  { employeeNo: '7103', nameEn: 'Bishnu Bahadur Karki', nameNp: 'विष्णु बहादुर कार्की', post: 'Centre chief', mobile: '9801000103' },
  { employeeNo: '7104', nameEn: 'Sarita Gurung', nameNp: 'सरिता गुरुङ', post: 'Assistant centre chief', mobile: '9846000104' },
  { employeeNo: '7105', nameEn: 'Ram Chandra Poudel', nameNp: 'रामचन्द्र पौडेल', post: 'Assistant centre chief', mobile: '9856000105' },
  { employeeNo: '7106', nameEn: 'Anita Tamang', nameNp: 'अनिता तामाङ', post: 'Invigilator', mobile: '9841000106' },
  { employeeNo: '7107', nameEn: 'Dipak Raj Joshi', nameNp: 'दीपकराज जोशी', post: 'Invigilator', mobile: '9861000107' },
  { employeeNo: '7108', nameEn: 'Kamala Devi Bhattarai', nameNp: 'कमला देवी भट्टराई', post: 'Invigilator', mobile: '9849000108' },
  { employeeNo: '7109', nameEn: 'Suresh Maharjan', nameNp: 'सुरेश महर्जन', post: 'Invigilator', mobile: '9803000109' },
  { employeeNo: '7110', nameEn: 'Pramila Rai', nameNp: 'प्रमिला राई', post: 'Invigilator', mobile: '9818000110' },
  { employeeNo: '7111', nameEn: 'Nabin Thapa Magar', nameNp: 'नवीन थापा मगर', post: 'Invigilator', mobile: '9846000111' },
  { employeeNo: '7112', nameEn: 'Sunil Kumar Yadav', nameNp: 'सुनिल कुमार यादव', post: 'Assistant invigilator', mobile: '9842000112' },
  { employeeNo: '7113', nameEn: 'Manju Khadka', nameNp: 'मन्जु खड्का', post: 'Assistant invigilator', mobile: '9851000113' },
  { employeeNo: '7114', nameEn: 'Rajesh Lamichhane', nameNp: 'राजेश लामिछाने', post: 'Assistant invigilator', mobile: '9856000114' },
  { employeeNo: '7115', nameEn: 'Sabina Basnet', nameNp: 'सबिना बस्नेत', post: 'Assistant invigilator', mobile: '9841000115' },
];

export type DemoExamCentres = {
  /** Each demo city (exam_centres.id) with its centres and their rooms, in the order above. */
  venuesByCity: Map<number, { venueId: number; nameEn: string; rooms: { roomId: number; roomNumber: string; seats: number }[] }[]>;
  postIds: Record<DemoPostName, number>;
  /** By employee number, in the order above. */
  invigilators: { invigilatorId: number; employeeNo: string; postId: number; isChief: boolean }[];
};

async function seedVenue(db: Database, cityId: number, venue: DemoVenue) {
  const { rooms, ...values } = venue;
  const capacity = rooms.reduce((sum, one) => sum + one.seats, 0);
  let [found] = await db
    .select({ id: examVenues.id })
    .from(examVenues)
    .where(and(eq(examVenues.examCentreId, cityId), eq(examVenues.nameEn, venue.nameEn)))
    .limit(1);
  found ??= (await db.insert(examVenues).values({ ...values, examCentreId: cityId, capacity }).returning({ id: examVenues.id }))[0]!;
  await db
    .insert(examVenueRooms)
    .values(rooms.map((one) => ({ ...one, venueId: found.id })))
    .onConflictDoNothing();
  const saved = await db
    .select({ roomId: examVenueRooms.id, roomNumber: examVenueRooms.roomNumber, seats: examVenueRooms.seats })
    .from(examVenueRooms)
    .where(and(eq(examVenueRooms.venueId, found.id), inArray(examVenueRooms.roomNumber, rooms.map((one) => one.roomNumber))));
  const byNumber = new Map(saved.map((one) => [one.roomNumber, one]));
  return { venueId: found.id, nameEn: venue.nameEn, rooms: rooms.map((one) => byNumber.get(one.roomNumber)!) };
}

/** The demo's exam centres, rooms, invigilator posts and invigilators; answers their ids. */
export async function seedDemoExamCentres(context: Pick<DemoContext, 'db' | 'office'>): Promise<DemoExamCentres> {
  const { db, office } = context;
  const cities = await db
    .select({ id: examCentres.id, nameEn: examCentres.nameEn })
    .from(examCentres)
    .where(inArray(examCentres.nameEn, Object.keys(DEMO_EXAM_VENUES)));
  const venuesByCity: DemoExamCentres['venuesByCity'] = new Map();
  for (const [cityName, venues] of Object.entries(DEMO_EXAM_VENUES)) {
    const city = cities.find((one) => one.nameEn === cityName);
    if (!city) continue;
    const seeded = [];
    for (const venue of venues) seeded.push(await seedVenue(db, city.id, venue));
    venuesByCity.set(city.id, seeded);
  }

  const postIds = {} as Record<DemoPostName, number>;
  for (const post of DEMO_INVIGILATOR_POSTS) {
    let [found] = await db.select({ id: invigilatorPosts.id }).from(invigilatorPosts).where(eq(invigilatorPosts.nameEn, post.nameEn)).limit(1);
    found ??= (await db.insert(invigilatorPosts).values(post).returning({ id: invigilatorPosts.id }))[0]!;
    postIds[post.nameEn] = found.id;
  }

  const existing = await db
    .select({ id: invigilators.id, employeeNo: invigilators.employeeNo })
    .from(invigilators)
    .where(and(eq(invigilators.organizationId, office.organizationId), inArray(invigilators.employeeNo, DEMO_INVIGILATORS.map((one) => one.employeeNo))));
  const missing = DEMO_INVIGILATORS.filter((one) => !existing.some((row) => row.employeeNo === one.employeeNo));
  if (missing.length > 0) {
    const inserted = await db
      .insert(invigilators)
      .values(missing.map(({ post, ...one }) => ({ ...one, organizationId: office.organizationId, postId: postIds[post] })))
      .returning({ id: invigilators.id, employeeNo: invigilators.employeeNo });
    existing.push(...inserted);
  }
  const idOf = new Map(existing.map((row) => [row.employeeNo, row.id]));
  const chiefs = new Set(DEMO_INVIGILATOR_POSTS.filter((post) => post.isChief).map((post) => post.nameEn as DemoPostName));
  return {
    venuesByCity,
    postIds,
    invigilators: DEMO_INVIGILATORS.map((one) => ({ invigilatorId: idOf.get(one.employeeNo)!, employeeNo: one.employeeNo, postId: postIds[one.post], isChief: chiefs.has(one.post) })),
  };
}
