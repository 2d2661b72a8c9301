import { admitCardVerificationUrl, adToBs, formatBsIso, todayAd } from '@psc/core';
import { answerEach, arrayLiteral, BUSY_STATEMENT_BATCHES, createStatementBatcher, type Database, oncePerDatabase, prepareStatement } from '@psc/db';
import type { AdmitCardData, AdmitCardPaper } from '@psc/print-templates';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../applications/rows-of';
import type { Config } from '../config';
import { AppError } from '../http/errors';
import { issueAdmitCards } from './issue-admit-cards';
import { signAdmitCardStatement } from './signing-key';

// spec §7 "Admit card: generate, confirm, download as base64, old admit card"; spec §2
// /vacancy-applied/download/old-admit-card. Every read here is of the signed-in candidate's own
// cards: a card id of someone else's answers 404 exactly like an id that does not exist.

export const COMMISSION_NAME = { en: 'Public Service Commission', np: 'लोक सेवा आयोग' } as const;

/** A card id as issued (newAdmitCardId); anything else is not looked up at all. */
const CARD_ID = /^[A-Za-z0-9_-]{20,64}$/;

export const bsOf = (ad: string) => formatBsIso(adToBs(ad));
const isoOf = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string).toISOString());

export type AdmitCardSummary = {
  id: string;
  applicationId: number;
  advertisementCode: string;
  postNameEn: string;
  postNameNp: string;
  rollNumber: string;
  firstPaperDateAd: string;
  firstPaperDateBs: string;
  confirmedAt: string | null;
};

/**
 * The candidate's admit cards: current ones (the last paper today or later) or old ones (spec §2
 * old-admit-card: the last paper's date has passed). Cards now due are generated first, so this
 * list never waits for the application list to be opened.
 */
export async function listMyAdmitCards(db: Database, userId: number, old: boolean): Promise<{ items: AdmitCardSummary[] }> {
  const numbered = rowsOf<{ id: number }>(
    await db.execute(sql`select a.id from applications a join roll_numbers rn on rn.application_id = a.id where a.user_id = ${userId} and a.deleted_at is null`),
  );
  if (numbered.length === 0) return { items: [] };
  await issueAdmitCards(
    db,
    numbered.map((row) => Number(row.id)),
  );
  const today = todayAd();
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select c.id, c.application_id as "applicationId", ad.code as "advertisementCode", p.name_en as "postNameEn", p.name_np as "postNameNp",
        rn.roll_number::text as "rollNumber", c.confirmed_at as "confirmedAt", d.first::text as "firstPaperDateAd", d.last::text as "lastPaperDateAd"
      from admit_cards c
      join applications a on a.id = c.application_id and a.user_id = ${userId} and a.deleted_at is null
      join advertisements ad on ad.id = a.advertisement_id
      left join posts p on p.id = ad.post_id
      join roll_numbers rn on rn.application_id = a.id
      cross join lateral (select min(sp.exam_date) as first, max(sp.exam_date) as last from exam_schedule_papers sp where sp.advertisement_id = a.advertisement_id and not sp.skipped) d
      where ${old ? sql`d.last < ${today}::date` : sql`d.last >= ${today}::date`}
      order by d.first ${old ? sql`desc` : sql`asc`}, c.application_id`),
  );
  return {
    items: rows.map((row) => ({
      id: String(row.id),
      applicationId: Number(row.applicationId),
      advertisementCode: String(row.advertisementCode),
      postNameEn: String(row.postNameEn ?? ''),
      postNameNp: String(row.postNameNp ?? ''),
      rollNumber: String(row.rollNumber),
      firstPaperDateAd: String(row.firstPaperDateAd),
      firstPaperDateBs: bsOf(String(row.firstPaperDateAd)),
      confirmedAt: isoOf(row.confirmedAt),
    })),
  };
}

type OwnCard = { id: string; applicationId: number; userId: number; confirmedAt: string | null; issuedOnAd: string };

/** One paper of a card as read (json_agg keeps each value's type: numbers stay numbers). */
type PaperRow = {
  nameEn: string;
  nameNp: string;
  dateAd: string;
  startTime: string;
  durationMinutes: number;
  centreEn: string | null;
  centreNp: string | null;
  addressEn: string | null;
  addressNp: string | null;
  roomNumber: string | null;
  seatNumber: number | null;
};

/** What a card prints, as read for one application; `hasHead` is null when its application is gone. */
type ContentRow = {
  n: number;
  hasHead: boolean | null;
  papers: PaperRow[] | string;
} & Record<string, unknown>;

type OwnCardRow = ContentRow & { id: string; applicationId: number; userId: number; confirmedAt: string | Date | null; issuedOnAd: string };

/**
 * Everything printed on the card of application `a` (a row of applications in the statement):
 * the head (advertisement, post, candidate, roll number, pictures) as a left lateral, so that a
 * card whose application lost a part still answers its row, and its papers, read live from the
 * seating, as one JSON array in the paper's order.
 */
const CARD_CONTENT_COLUMNS = sql`h.*, ps.papers`;
const CARD_CONTENT_JOINS = sql`
  left join lateral (
    select true as "hasHead", ad.code as "advertisementCode", ad.fiscal_year as "fiscalYear", o.name_en as "officeEn", o.name_np as "officeNp",
      p.name_en as "postEn", p.name_np as "postNp", sv.name_en as "serviceEn", sv.name_np as "serviceNp",
      g.name_en as "groupEn", g.name_np as "groupNp", cl.name_en as "classEn", cl.name_np as "classNp",
      u.first_name_en as "firstEn", u.middle_name_en as "middleEn", u.last_name_en as "lastEn",
      u.first_name_np as "firstNp", u.middle_name_np as "middleNp", u.last_name_np as "lastNp",
      rn.roll_number::text as "rollNumber",
      ph.id as "photoFileId", ph.sha256 as "photoSha256", ph.content_type as "photoType", sg.id as "signatureFileId", sg.sha256 as "signatureSha256", sg.content_type as "signatureType"
    from advertisements ad
    join organizations o on o.id = ad.organization_id
    join services sv on sv.id = ad.service_id
    join service_classes cl on cl.id = ad.class_id
    left join service_groups g on g.id = ad.group_id
    left join posts p on p.id = ad.post_id
    join users u on u.id = a.user_id
    join roll_numbers rn on rn.application_id = a.id
    left join candidate_documents dp on dp.user_id = a.user_id and dp.kind = 'photograph'
    left join stored_files ph on ph.id = dp.file_id
    left join candidate_documents ds on ds.user_id = a.user_id and ds.kind = 'signature'
    left join stored_files sg on sg.id = ds.file_id
    where ad.id = a.advertisement_id
    limit 1) h on true
  cross join lateral (
    select coalesce(json_agg(json_build_object(
        'nameEn', ep.subject_name_en, 'nameNp', ep.subject_name_np, 'dateAd', sp.exam_date::text, 'startTime', to_char(sp.start_time, 'HH24:MI'),
        'durationMinutes', sp.duration_minutes, 'centreEn', v.name_en, 'centreNp', v.name_np, 'addressEn', v.address_en, 'addressNp', v.address_np,
        'roomNumber', vr.room_number, 'seatNumber', sa.seat_number)
        order by sp.exam_date, sp.start_time, ep.paper_order), '[]'::json) as papers
    from exam_schedule_papers sp
    join exam_papers ep on ep.id = sp.exam_paper_id
    left join centre_allocations ca on ca.advertisement_id = sp.advertisement_id and ca.exam_paper_id = sp.exam_paper_id and ca.status in ('final', 'complete')
    left join seat_assignments sa on sa.allocation_id = ca.id and sa.application_id = a.id
    left join centre_allocation_ranges r on r.allocation_id = ca.id and r.venue_id = sa.venue_id and r.room_status = 'final'
    left join exam_venues v on v.id = sa.venue_id
    left join exam_venue_rooms vr on vr.id = sa.room_id and r.id is not null
    where sp.advertisement_id = a.advertisement_id and not sp.skipped) ps`;

/**
 * The cards of a batch by id AND owner, each with all it prints: the card view's one statement.
 * Each row carries its input's place `n` in the batch (`with ordinality`, from 1); an id that is
 * not the candidate's answers no row at all.
 */
const OWN_CARDS_SQL = sql`
  select k.n::int as "n", c.id, c.application_id as "applicationId", a.user_id as "userId", c.confirmed_at as "confirmedAt",
    to_char(c.issued_at at time zone 'Asia/Kathmandu', 'YYYY-MM-DD') as "issuedOnAd", ${CARD_CONTENT_COLUMNS}
  from unnest(${sql.placeholder('cardIds')}::text[], ${sql.placeholder('userIds')}::int[]) with ordinality as k(card_id, user_id, n)
  join admit_cards c on c.id = k.card_id
  join applications a on a.id = c.application_id and a.user_id = k.user_id and a.deleted_at is null
  ${CARD_CONTENT_JOINS}`;

/** What the cards of a batch of applications print (the print batches of exam centres). */
const CARD_CONTENTS_SQL = sql`
  select k.n::int as "n", ${CARD_CONTENT_COLUMNS}
  from unnest(${sql.placeholder('applicationIds')}::int[]) with ordinality as k(application_id, n)
  join applications a on a.id = k.application_id
  ${CARD_CONTENT_JOINS}`;

type OwnCardKey = { userId: number; cardId: string };

// At the release every candidate opens their card within days, many at the same moment: the
// statement is prepared once per database (planned once per connection instead of at every view,
// which cost ten times its run) and batched, so that one statement answers every view that
// arrived together.
const cardReadsOf = oncePerDatabase((db: Database) => {
  const ownCards = prepareStatement<OwnCardRow>(db, 'read_own_admit_cards', OWN_CARDS_SQL);
  const contents = prepareStatement<ContentRow>(db, 'read_admit_card_contents', CARD_CONTENTS_SQL);
  const places = (count: number) => Array.from({ length: count }, (_, index) => index + 1);
  return {
    ownCard: createStatementBatcher<OwnCardKey, OwnCardRow | undefined>(async (keys) => {
      const rows = await ownCards.all({ cardIds: arrayLiteral(keys.map((key) => key.cardId)), userIds: arrayLiteral(keys.map((key) => key.userId)) });
      return answerEach(places(keys.length), rows, (place) => place, (row) => Number(row.n));
    }, BUSY_STATEMENT_BATCHES),
    content: createStatementBatcher<number, ContentRow | undefined>(async (applicationIds) => {
      const rows = await contents.all({ applicationIds: arrayLiteral(applicationIds) });
      return answerEach(places(applicationIds.length), rows, (place) => place, (row) => Number(row.n));
    }, BUSY_STATEMENT_BATCHES),
  };
});

const ownCardOf = (row: OwnCardRow): OwnCard => ({
  id: String(row.id),
  applicationId: Number(row.applicationId),
  userId: Number(row.userId),
  confirmedAt: isoOf(row.confirmedAt),
  issuedOnAd: String(row.issuedOnAd),
});

/** The candidate's own card by its id with all it prints; undefined for an unknown id and for anyone else's alike. */
async function readOwnCardRow(db: Database, userId: number, cardId: string): Promise<OwnCardRow | undefined> {
  if (!CARD_ID.test(cardId)) return undefined;
  return cardReadsOf(db).ownCard({ userId, cardId });
}

/** The candidate's own card by its id; 404 for an unknown id and for anyone else's alike. */
export async function findMyAdmitCard(db: Database, userId: number, cardId: string): Promise<OwnCard> {
  const row = await readOwnCardRow(db, userId, cardId);
  if (!row) throw new AppError('NOT_FOUND');
  return ownCardOf(row);
}

/** The candidate confirms they will sit (spec §7 "confirm"): the first confirmation's time stays. */
export async function confirmMyAdmitCard(db: Database, userId: number, cardId: string) {
  const card = await findMyAdmitCard(db, userId, cardId);
  const [row] = rowsOf<{ confirmedAt: string }>(
    await db.execute(sql`update admit_cards set confirmed_at = coalesce(confirmed_at, now()) where id = ${card.id} returning confirmed_at as "confirmedAt"`),
  );
  return { id: card.id, confirmedAt: isoOf(row!.confirmedAt)! };
}

export type AdmitCardContent = {
  card: AdmitCardData;
  photoFileId: string | null;
  signatureFileId: string | null;
  photo: StoredPicture | null;
  signature: StoredPicture | null;
};

/** A stored picture by its file-store address (sha256 hex) and detected type. */
export type StoredPicture = { sha256: string; contentType: string };

const hexToBase64Url = (hex: string) => Buffer.from(hex, 'hex').toString('base64url');
const fullName = (...parts: unknown[]) => parts.filter((part) => typeof part === 'string' && part.trim() !== '').join(' ');

/**
 * Everything one application's admit card prints, read live from the seating (so a card always
 * shows the centre, room and seat as they stand), with its signed statement. Images are left null:
 * the screen loads them through the candidate's file route and the PDF embeds them itself.
 */
export async function readAdmitCardContent(db: Database, config: Config, applicationId: number, issuedOnAd: string): Promise<AdmitCardContent> {
  return contentOf(config, await cardReadsOf(db).content(applicationId), issuedOnAd);
}

function contentOf(config: Config, head: ContentRow | undefined, issuedOnAd: string): AdmitCardContent {
  if (!head?.hasHead) throw new AppError('NOT_FOUND');
  // postgres.js and PGlite both parse json; a driver that did not would hand over its text.
  const papers = (typeof head.papers === 'string' ? JSON.parse(head.papers) : head.papers) as PaperRow[];
  // A card is generated only when every paper is seated; a revert since then hides it again.
  if (papers.length === 0 || papers.some((paper) => paper.roomNumber === null || paper.seatNumber === null)) {
    throw new AppError('CONFLICT', { messageKey: 'admitCard.notReady' });
  }
  const name = { en: fullName(head.firstEn, head.middleEn, head.lastEn), np: fullName(head.firstNp, head.middleNp, head.lastNp) };
  const photoSha256 = (head.photoSha256 as string | null) ?? null;
  const statement = signAdmitCardStatement(config, {
    rollNumber: String(head.rollNumber),
    nameEn: name.en,
    nameNp: name.np,
    advertisementCode: String(head.advertisementCode),
    fiscalYear: String(head.fiscalYear),
    photoDigest: photoSha256 ? hexToBase64Url(photoSha256) : '',
    issuedOnAd,
  });
  const detail = (lang: 'En' | 'Np') => [head[`service${lang}`], head[`group${lang}`], head[`class${lang}`]].filter((part) => typeof part === 'string' && part !== '').join(', ');
  const printedPapers: AdmitCardPaper[] = papers.map((paper) => ({
    name: { en: String(paper.nameEn), np: String(paper.nameNp) },
    dateAd: String(paper.dateAd),
    dateBs: bsOf(String(paper.dateAd)),
    startTime: String(paper.startTime),
    durationMinutes: Number(paper.durationMinutes),
    centre: { name: { en: String(paper.centreEn), np: String(paper.centreNp) }, address: { en: String(paper.addressEn ?? ''), np: String(paper.addressNp ?? '') } },
    roomNumber: String(paper.roomNumber),
    seatNumber: Number(paper.seatNumber),
  }));
  return {
    card: {
      commission: { ...COMMISSION_NAME },
      office: { en: String(head.officeEn), np: String(head.officeNp) },
      advertisementCode: String(head.advertisementCode),
      fiscalYear: String(head.fiscalYear),
      post: { en: String(head.postEn ?? ''), np: String(head.postNp ?? '') },
      postDetail: { en: detail('En'), np: detail('Np') },
      candidate: { name, photo: null, signature: null },
      rollNumber: String(head.rollNumber),
      papers: printedPapers,
      verificationUrl: admitCardVerificationUrl(config.publicUrl, statement),
      issuedOnAd,
      issuedOnBs: bsOf(issuedOnAd),
    },
    photoFileId: (head.photoFileId as string | null) ?? null,
    signatureFileId: (head.signatureFileId as string | null) ?? null,
    photo: photoSha256 ? { sha256: photoSha256, contentType: String(head.photoType) } : null,
    signature: head.signatureSha256 ? { sha256: String(head.signatureSha256), contentType: String(head.signatureType) } : null,
  };
}

/** spec §7 "download": the card of the candidate's own confirmed application; 409 before confirming. */
export async function readMyAdmitCard(db: Database, config: Config, userId: number, cardId: string) {
  // One statement finds the card by id and owner and reads all it prints: the view's only read.
  const row = await readOwnCardRow(db, userId, cardId);
  if (!row) throw new AppError('NOT_FOUND');
  const card = ownCardOf(row);
  if (!card.confirmedAt) throw new AppError('ADMIT_CARD_NOT_CONFIRMED');
  return { card, content: contentOf(config, row, card.issuedOnAd) };
}
