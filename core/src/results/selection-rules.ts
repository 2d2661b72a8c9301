// The configuration of written and final selection (spec §2 written-selection [WS],
// finalSelection [FS]; exam-administration reference "Reservation" and "Results"). The rules
// come from the commission's regulation, some numbers from superseded rules and some unverified,
// so every number and order here is data a selection carries on its row (selections.rules), never
// code: these defaults are only what a new selection starts from.
import { z } from 'zod';

/** Posts in [fromPosts, toPosts] (toPosts null: and above) shortlist this many extra: a count or a percent of the posts. */
export type ExtraShareBand = { fromPosts: number; toPosts: number | null; extraCount: number; extraPercent: number };

export const TIE_BREAK_KEYS = ['written', 'practical', 'interview', 'qualification', 'age'] as const;
export type TieBreakKey = (typeof TIE_BREAK_KEYS)[number];

export const WRITTEN_LISTING_ORDERS = ['name-np', 'name-en', 'roll-number'] as const;
export type WrittenListingOrder = (typeof WRITTEN_LISTING_ORDERS)[number];

/** What happens to the post a withheld candidate would take. */
export const WITHHELD_POST_POLICIES = ['hold-open', 'pass-on'] as const;
export type WithheldPostPolicy = (typeof WITHHELD_POST_POLICIES)[number];

export type SelectionRules = {
  /** Written shortlist: posts plus an extra share from this table (rule 15). */
  extraShare: ExtraShareBand[];
  /** Posts with a practical exam use their own table (rule 15: 5 extra for 1-5 posts, double for 6 or more). */
  practicalExtraShare: ExtraShareBand[];
  /** Final merit: equal totals are ordered by these, in this order (rule 31). */
  tieBreakOrder: TieBreakKey[];
  /** The age tie-break: older first unless configured otherwise. */
  isOlderFirst: boolean;
  /** The order in which quotas are filled; a candidate counts in the first quota that takes them. */
  quotaFillOrder: string[];
  /** Open competition is filled first, whatever quotaFillOrder says (the reference: "open first, then reserved, each person counted once"). */
  isOpenFirst: boolean;
  openQuotaCode: string;
  /** Final selection: alternates kept per quota (rule 33: the list stays valid for a year). */
  defaultAlternateCount: number;
  alternateCounts: Record<string, number>;
  withheldPostPolicy: WithheldPostPolicy;
  writtenListingOrder: WrittenListingOrder;
};

// Rule 15 as the reference reports it (from the superseded 2067 rules): about 20 percent extra at
// 41 posts or more. The smaller bands are not in the reference; they are the starting point the
// commission is expected to correct in the configuration.
export const DEFAULT_EXTRA_SHARE: ExtraShareBand[] = [
  { fromPosts: 1, toPosts: 1, extraCount: 3, extraPercent: 0 },
  { fromPosts: 2, toPosts: 5, extraCount: 5, extraPercent: 0 },
  { fromPosts: 6, toPosts: 10, extraCount: 0, extraPercent: 50 },
  { fromPosts: 11, toPosts: 20, extraCount: 0, extraPercent: 40 },
  { fromPosts: 21, toPosts: 40, extraCount: 0, extraPercent: 30 },
  { fromPosts: 41, toPosts: null, extraCount: 0, extraPercent: 20 },
];

export const DEFAULT_PRACTICAL_EXTRA_SHARE: ExtraShareBand[] = [
  { fromPosts: 1, toPosts: 5, extraCount: 5, extraPercent: 0 },
  { fromPosts: 6, toPosts: null, extraCount: 0, extraPercent: 100 },
];

// Civil Service Act 2049 section 7(7): open, then the reserved groups in the order the Act lists them.
export const DEFAULT_QUOTA_FILL_ORDER = ['open', 'women', 'adivasi-janajati', 'madhesi', 'dalit', 'disabled', 'backward-area', 'internal'];

export const DEFAULT_SELECTION_RULES: SelectionRules = {
  extraShare: DEFAULT_EXTRA_SHARE,
  practicalExtraShare: DEFAULT_PRACTICAL_EXTRA_SHARE,
  tieBreakOrder: ['written', 'practical', 'interview', 'qualification', 'age'],
  isOlderFirst: true,
  quotaFillOrder: DEFAULT_QUOTA_FILL_ORDER,
  isOpenFirst: true,
  openQuotaCode: 'open',
  defaultAlternateCount: 2,
  alternateCounts: {},
  // The commission's practice: a withheld candidate's post stays reserved until the court decides.
  withheldPostPolicy: 'hold-open',
  writtenListingOrder: 'name-np',
};

const postCount = z.number().int().min(1).max(100_000);
const extraShareBand = z
  .object({
    fromPosts: postCount,
    toPosts: postCount.nullable(),
    extraCount: z.number().int().min(0).max(100_000),
    extraPercent: z.number().int().min(0).max(1000),
  })
  .refine((band) => band.toPosts === null || band.toPosts >= band.fromPosts, { message: 'selection.bandOrder' });
const quotaCode = z.string().trim().min(1).max(40);

/** The rules as the API accepts and stores them (selections.rules); every field optional over the defaults. */
export const selectionRulesSchema = z.object({
  extraShare: z.array(extraShareBand).min(1).max(50),
  practicalExtraShare: z.array(extraShareBand).min(1).max(50),
  tieBreakOrder: z.array(z.enum(TIE_BREAK_KEYS)).max(TIE_BREAK_KEYS.length).refine((keys) => new Set(keys).size === keys.length, { message: 'selection.tieBreakRepeated' }),
  isOlderFirst: z.boolean(),
  quotaFillOrder: z.array(quotaCode).max(50).refine((codes) => new Set(codes).size === codes.length, { message: 'selection.quotaRepeated' }),
  isOpenFirst: z.boolean(),
  openQuotaCode: quotaCode,
  defaultAlternateCount: z.number().int().min(0).max(10_000),
  alternateCounts: z.record(quotaCode, z.number().int().min(0).max(10_000)),
  withheldPostPolicy: z.enum(WITHHELD_POST_POLICIES),
  writtenListingOrder: z.enum(WRITTEN_LISTING_ORDERS),
});

export const selectionRulesInputSchema = selectionRulesSchema.partial();
export type SelectionRulesInput = z.infer<typeof selectionRulesInputSchema>;

/** The stored or submitted rules over the defaults, so a selection saved before a new rule existed still reads. */
export function resolveSelectionRules(input: SelectionRulesInput | null | undefined): SelectionRules {
  return { ...DEFAULT_SELECTION_RULES, ...(input ?? {}) };
}

/** Rule 15: the extra a quota of `posts` posts shortlists; a fraction of 0.5 or more counts as one. */
export function countExtraShortlisted(posts: number, bands: readonly ExtraShareBand[]): number {
  const band = bands.find((candidate) => posts >= candidate.fromPosts && (candidate.toPosts === null || posts <= candidate.toPosts));
  if (!band) return 0;
  // Integer arithmetic: posts × percent in hundredths of a post, rounded half up.
  return band.extraCount + Math.floor((posts * band.extraPercent + 50) / 100);
}
