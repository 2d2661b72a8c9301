// Written shortlist and final merit (spec §2 written-selection [WS], finalSelection [FS];
// exam-administration reference "Reservation" and "Results", rules 15, 31 and 33). Pure: the API
// reads verified marks and withholds, calls these, and stores the entries. Marks are handled in
// hundredths (numeric(6,2) columns) so sums and ties are exact.
import { countExtraShortlisted, type SelectionRules, type TieBreakKey } from './selection-rules';

export type SelectionCandidate = {
  applicationId: number;
  rollNumber: number;
  nameEn: string;
  nameNp: string;
  /** The quotas scrutiny approved for the application. */
  quotaCodes: readonly string[];
  /** Every written paper passed, from verified marks. */
  hasPassedWritten: boolean;
  writtenMarks: number;
  practicalMarks: number | null;
  interviewMarks: number | null;
  /** Percentage in the minimum qualification, when known. */
  qualificationPercent: number | null;
  /** ISO date; older first by default. */
  dateOfBirth: string | null;
  /** A court's interim order (result_withholds without release). */
  isWithheld: boolean;
};

export type QuotaPosts = { quotaCode: string; posts: number };

export type SelectionEntry = {
  applicationId: number;
  rollNumber: number;
  quotaCode: string;
  /** Order within the quota and outcome: merit order for selected and alternates, the listing order for a shortlist. */
  position: number;
  totalMarks: number;
  /** selection_entries.outcome (SELECTION_OUTCOMES). */
  outcome: 'shortlisted' | 'selected' | 'alternate';
};

export type QuotaSummary = {
  quotaCode: string;
  posts: number;
  /** How many the quota takes: posts, plus the extra share for a shortlist. */
  places: number;
  listed: number;
  alternates: number;
  /** Places kept for withheld candidates (policy hold-open): not listed, not given to the next person. */
  heldForWithheld: number;
  /** Places nobody could fill (spec: posts left empty in a quota are reported). */
  emptyPlaces: number;
  /** The lowest listed total, null when nobody is listed. */
  cutOffMarks: number | null;
};

export type SelectionResult = {
  entries: SelectionEntry[];
  quotas: QuotaSummary[];
  /** Withheld candidates who reached a place; never published (the candidate sees "withheld"). */
  withheld: { applicationId: number; quotaCode: string }[];
};

type Ranked = { candidate: SelectionCandidate; total: number; written: number; practical: number; interview: number; qualification: number; birth: number; isCounted: boolean };

const toHundredths = (marks: number | null): number => (marks === null ? 0 : Math.round(marks * 100));

function rank(candidate: SelectionCandidate, isFinal: boolean): Ranked {
  const written = toHundredths(candidate.writtenMarks);
  const practical = toHundredths(candidate.practicalMarks);
  const interview = toHundredths(candidate.interviewMarks);
  return {
    candidate,
    // A written shortlist ranks on written marks alone; the final merit on the total (rule 31).
    total: isFinal ? written + practical + interview : written,
    written,
    practical,
    interview,
    qualification: toHundredths(candidate.qualificationPercent),
    birth: candidate.dateOfBirth ? Date.parse(candidate.dateOfBirth) : Number.NaN,
    isCounted: false,
  };
}

function compareBy(key: TieBreakKey, rules: SelectionRules): (a: Ranked, b: Ranked) => number {
  if (key === 'age') {
    // An unknown date of birth ranks after any known one, whichever way age is ordered.
    return (a, b) => {
      if (Number.isNaN(a.birth) || Number.isNaN(b.birth)) return Number(Number.isNaN(a.birth)) - Number(Number.isNaN(b.birth));
      return rules.isOlderFirst ? a.birth - b.birth : b.birth - a.birth;
    };
  }
  return (a, b) => b[key] - a[key];
}

/** The merit order: total, then the configured tie-breaks, then roll number so the order never depends on input order. */
export function makeMeritComparator(rules: SelectionRules): (a: Ranked, b: Ranked) => number {
  const tieBreaks = rules.tieBreakOrder.map((key) => compareBy(key, rules));
  return (a, b) => {
    if (a.total !== b.total) return b.total - a.total;
    for (const compare of tieBreaks) {
      const order = compare(a, b);
      if (order !== 0) return order;
    }
    return a.candidate.rollNumber - b.candidate.rollNumber;
  };
}

/** The order quotas are filled in: open first when configured, then the configured order, then any other quota by code. */
export function orderQuotas(quotaCodes: readonly string[], rules: SelectionRules): string[] {
  const configured = rules.isOpenFirst ? [rules.openQuotaCode, ...rules.quotaFillOrder.filter((code) => code !== rules.openQuotaCode)] : rules.quotaFillOrder;
  const present = new Set(quotaCodes);
  const ordered = configured.filter((code) => present.has(code));
  const rest = [...present].filter((code) => !ordered.includes(code)).sort();
  return [...ordered, ...rest];
}

type Fill = { quotaCode: string; posts: number; places: number; taken: Ranked[]; held: Ranked[] };

/** Each quota's candidates in merit order, so a quota reads its own members only (100,000 candidates, 7 quotas). */
function groupByQuota(ranked: readonly Ranked[]): Map<string, Ranked[]> {
  const byQuota = new Map<string, Ranked[]>();
  for (const entry of ranked) {
    for (const quotaCode of entry.candidate.quotaCodes) {
      let members = byQuota.get(quotaCode);
      if (!members) byQuota.set(quotaCode, (members = []));
      members.push(entry);
    }
  }
  return byQuota;
}

/**
 * Fills each quota in order from the candidates not yet counted, each person counted in one
 * quota only. `keepTies`: everyone tied with the last place is taken too (rule 15 for a shortlist).
 */
function fillQuotas(byQuota: Map<string, Ranked[]>, quotaPosts: readonly QuotaPosts[], placesOf: (posts: number) => number, rules: SelectionRules, keepTies: boolean): Fill[] {
  const postsByQuota = new Map(quotaPosts.map((quota) => [quota.quotaCode, quota.posts]));
  const fills: Fill[] = [];
  for (const quotaCode of orderQuotas([...postsByQuota.keys()], rules)) {
    const posts = postsByQuota.get(quotaCode)!;
    const fill: Fill = { quotaCode, posts, places: placesOf(posts), taken: [], held: [] };
    let lastTotal: number | null = null;
    for (const entry of byQuota.get(quotaCode) ?? []) {
      if (entry.isCounted) continue;
      // The list is in merit order: past the last place (and its ties) nobody later can enter.
      if (fill.taken.length + fill.held.length >= fill.places && !(keepTies && entry.total === lastTotal)) break;
      if (entry.candidate.isWithheld) {
        if (rules.withheldPostPolicy === 'pass-on') continue;
        // spec: the withheld candidate's place stays reserved until the court decides.
        fill.held.push(entry);
      } else {
        fill.taken.push(entry);
      }
      entry.isCounted = true;
      lastTotal = entry.total;
    }
    fills.push(fill);
  }
  return fills;
}

function summarise(fill: Fill, alternates: number): QuotaSummary {
  const used = fill.taken.length + fill.held.length;
  return {
    quotaCode: fill.quotaCode,
    posts: fill.posts,
    places: fill.places,
    listed: fill.taken.length,
    alternates,
    heldForWithheld: fill.held.length,
    emptyPlaces: Math.max(0, fill.places - used),
    cutOffMarks: fill.taken.length > 0 ? fill.taken[fill.taken.length - 1]!.total / 100 : null,
  };
}

const npCollator = new Intl.Collator('ne');
const enCollator = new Intl.Collator('en', { sensitivity: 'base' });

/** Rule 15: how a written result lists its people (by name alphabetically, or by roll number); roll number breaks equal names. */
export function compareWrittenListing(order: SelectionRules['writtenListingOrder']): (a: Pick<SelectionCandidate, 'nameEn' | 'nameNp' | 'rollNumber'>, b: Pick<SelectionCandidate, 'nameEn' | 'nameNp' | 'rollNumber'>) => number {
  if (order === 'roll-number') return (a, b) => a.rollNumber - b.rollNumber;
  const collator = order === 'name-np' ? npCollator : enCollator;
  const nameOf = order === 'name-np' ? (c: Pick<SelectionCandidate, 'nameNp'>) => c.nameNp : (c: Pick<SelectionCandidate, 'nameEn'>) => c.nameEn;
  return (a, b) => collator.compare(nameOf(a), nameOf(b)) || a.rollNumber - b.rollNumber;
}

/** Each quota's written shortlist: passed every written paper, posts plus the extra share, ties at the cut-off kept (rule 15). */
export function selectWrittenShortlist(candidates: readonly SelectionCandidate[], quotaPosts: readonly QuotaPosts[], rules: SelectionRules, options: { hasPractical: boolean }): SelectionResult {
  const compare = makeMeritComparator({ ...rules, tieBreakOrder: [] });
  const ranked = candidates.filter((candidate) => candidate.hasPassedWritten).map((candidate) => rank(candidate, false));
  ranked.sort(compare);
  const bands = options.hasPractical ? rules.practicalExtraShare : rules.extraShare;
  const fills = fillQuotas(groupByQuota(ranked), quotaPosts, (posts) => posts + countExtraShortlisted(posts, bands), rules, true);
  const listing = compareWrittenListing(rules.writtenListingOrder);
  const entries: SelectionEntry[] = [];
  for (const fill of fills) {
    const listed = fill.taken.map((entry) => entry.candidate).sort(listing);
    const totals = new Map(fill.taken.map((entry) => [entry.candidate.applicationId, entry.total]));
    listed.forEach((candidate, index) =>
      entries.push({ applicationId: candidate.applicationId, rollNumber: candidate.rollNumber, quotaCode: fill.quotaCode, position: index + 1, totalMarks: totals.get(candidate.applicationId)! / 100, outcome: 'shortlisted' }),
    );
  }
  return { entries, quotas: fills.map((fill) => summarise(fill, 0)), withheld: heldOf(fills) };
}

/**
 * The final merit list: each quota in order takes its posts by merit (no ties kept: rule 31's
 * tie-breaks, then roll number, decide), then the alternates are the next best of each quota
 * not selected anywhere, each person again listed once.
 */
export function selectFinalMerit(candidates: readonly SelectionCandidate[], quotaPosts: readonly QuotaPosts[], rules: SelectionRules): SelectionResult {
  const compare = makeMeritComparator(rules);
  const ranked = candidates.filter((candidate) => candidate.hasPassedWritten).map((candidate) => rank(candidate, true));
  ranked.sort(compare);
  const byQuota = groupByQuota(ranked);
  const fills = fillQuotas(byQuota, quotaPosts, (posts) => posts, rules, false);
  const entries: SelectionEntry[] = [];
  const alternatesByQuota = new Map<string, number>();
  for (const fill of fills) {
    fill.taken.forEach((entry, index) => entries.push(toEntry(entry, fill.quotaCode, index + 1, 'selected')));
  }
  for (const fill of fills) {
    const wanted = rules.alternateCounts[fill.quotaCode] ?? rules.defaultAlternateCount;
    let position = 0;
    for (const entry of byQuota.get(fill.quotaCode) ?? []) {
      if (position >= wanted) break;
      // A withheld candidate is never published, as an alternate neither.
      if (entry.isCounted || entry.candidate.isWithheld) continue;
      entry.isCounted = true;
      position += 1;
      entries.push(toEntry(entry, fill.quotaCode, position, 'alternate'));
    }
    alternatesByQuota.set(fill.quotaCode, position);
  }
  return { entries, quotas: fills.map((fill) => summarise(fill, alternatesByQuota.get(fill.quotaCode) ?? 0)), withheld: heldOf(fills) };
}

function toEntry(entry: Ranked, quotaCode: string, position: number, outcome: SelectionEntry['outcome']): SelectionEntry {
  return { applicationId: entry.candidate.applicationId, rollNumber: entry.candidate.rollNumber, quotaCode, position, totalMarks: entry.total / 100, outcome };
}

function heldOf(fills: Fill[]): SelectionResult['withheld'] {
  return fills.flatMap((fill) => fill.held.map((entry) => ({ applicationId: entry.candidate.applicationId, quotaCode: fill.quotaCode })));
}
