import { describe, expect, it } from 'vitest';
import { compareWrittenListing, orderQuotas, selectFinalMerit, selectWrittenShortlist, type SelectionCandidate } from './select-candidates';
import { countExtraShortlisted, DEFAULT_EXTRA_SHARE, DEFAULT_PRACTICAL_EXTRA_SHARE, DEFAULT_SELECTION_RULES, resolveSelectionRules, type SelectionRules } from './selection-rules';

// Pure data: Latin digits, plain names; the screens convert at display.
function candidate(applicationId: number, writtenMarks: number, quotaCodes: string[], extra: Partial<SelectionCandidate> = {}): SelectionCandidate {
  return {
    applicationId,
    rollNumber: 1000 + applicationId,
    nameEn: `Candidate ${String(applicationId).padStart(3, '0')}`,
    nameNp: `उम्मेदवार ${applicationId}`,
    quotaCodes,
    hasPassedWritten: true,
    writtenMarks,
    practicalMarks: null,
    interviewMarks: null,
    qualificationPercent: null,
    dateOfBirth: null,
    isWithheld: false,
    ...extra,
  };
}

const rules = (overrides: Partial<SelectionRules> = {}): SelectionRules => resolveSelectionRules({ defaultAlternateCount: 0, ...overrides });
const picked = (result: ReturnType<typeof selectFinalMerit>, outcome = 'selected') =>
  result.entries.filter((entry) => entry.outcome === outcome).map((entry) => `${entry.quotaCode}:${entry.applicationId}`);

describe('countExtraShortlisted (rule 15)', () => {
  it.each([
    [1, DEFAULT_EXTRA_SHARE, 3],
    [4, DEFAULT_EXTRA_SHARE, 5],
    [7, DEFAULT_EXTRA_SHARE, 4], // 3.5 extra: a fraction of 0.5 counts as one
    [13, DEFAULT_EXTRA_SHARE, 5], // 5.2 -> 5
    [41, DEFAULT_EXTRA_SHARE, 8], // 8.2 -> 8, about 20 percent at 41 or more
    [43, DEFAULT_EXTRA_SHARE, 9], // 8.6 -> 9
    [3, DEFAULT_PRACTICAL_EXTRA_SHARE, 5], // practical: 5 extra for 1-5 posts
    [6, DEFAULT_PRACTICAL_EXTRA_SHARE, 6], // practical: double the posts from 6
    [0, DEFAULT_EXTRA_SHARE, 0], // no band
  ])('%i posts shortlist %#: extra %i', (posts, bands, extra) => {
    expect(countExtraShortlisted(posts, bands)).toBe(extra);
  });
});

describe('orderQuotas', () => {
  it('puts open first when configured, then the configured order, then unknown quotas by code', () => {
    expect(orderQuotas(['zeta', 'madhesi', 'open', 'women'], rules())).toEqual(['open', 'women', 'madhesi', 'zeta']);
    expect(orderQuotas(['madhesi', 'open', 'women'], rules({ isOpenFirst: false, quotaFillOrder: ['women', 'madhesi', 'open'] }))).toEqual(['women', 'madhesi', 'open']);
  });
});

describe('selectFinalMerit', () => {
  it.each<[string, SelectionCandidate[], { quotaCode: string; posts: number }[], Partial<SelectionRules>, string[]]>([
    [
      'open first: the best reserved candidate takes an open post and frees the reserved one',
      [candidate(1, 90, ['open', 'women']), candidate(2, 80, ['open']), candidate(3, 70, ['open', 'women']), candidate(4, 60, ['women'])],
      [{ quotaCode: 'open', posts: 2 }, { quotaCode: 'women', posts: 1 }],
      {},
      ['open:1', 'open:2', 'women:3'],
    ],
    [
      'reserved filled first when configured: the same person counts in women and open goes to the next',
      [candidate(1, 90, ['open', 'women']), candidate(2, 80, ['open']), candidate(3, 70, ['open', 'women']), candidate(4, 60, ['women'])],
      [{ quotaCode: 'open', posts: 2 }, { quotaCode: 'women', posts: 1 }],
      { isOpenFirst: false, quotaFillOrder: ['women', 'open'] },
      ['women:1', 'open:2', 'open:3'],
    ],
    [
      'one candidate in several quotas counts in the first that takes them only',
      [candidate(1, 95, ['women', 'madhesi', 'dalit']), candidate(2, 50, ['madhesi']), candidate(3, 40, ['dalit'])],
      [{ quotaCode: 'women', posts: 1 }, { quotaCode: 'madhesi', posts: 1 }, { quotaCode: 'dalit', posts: 1 }],
      {},
      ['women:1', 'madhesi:2', 'dalit:3'],
    ],
    [
      'candidates who failed a written paper are not considered',
      [candidate(1, 99, ['open'], { hasPassedWritten: false }), candidate(2, 50, ['open'])],
      [{ quotaCode: 'open', posts: 1 }],
      {},
      ['open:2'],
    ],
  ])('%s', (_name, candidates, posts, overrides, expected) => {
    expect(picked(selectFinalMerit(candidates, posts, rules(overrides)))).toEqual(expected);
  });

  it('orders equal totals by the tie-break order: written, then practical, then age (older first)', () => {
    const people = [
      candidate(1, 60, ['open'], { interviewMarks: 20, dateOfBirth: '1995-01-01' }),
      candidate(2, 70, ['open'], { interviewMarks: 10, dateOfBirth: '1996-01-01' }),
      candidate(3, 60, ['open'], { interviewMarks: 20, dateOfBirth: '1990-01-01' }),
    ];
    expect(picked(selectFinalMerit(people, [{ quotaCode: 'open', posts: 3 }], rules()))).toEqual(['open:2', 'open:3', 'open:1']);
    expect(picked(selectFinalMerit(people, [{ quotaCode: 'open', posts: 3 }], rules({ tieBreakOrder: ['age'], isOlderFirst: false })))).toEqual(['open:2', 'open:1', 'open:3']);
    expect(picked(selectFinalMerit(people, [{ quotaCode: 'open', posts: 3 }], rules({ tieBreakOrder: ['interview', 'age'] })))).toEqual(['open:3', 'open:1', 'open:2']);
  });

  it('adds written, practical and interview marks in hundredths (no float drift at the cut-off)', () => {
    const result = selectFinalMerit([candidate(1, 40.1, ['open'], { practicalMarks: 20.2, interviewMarks: 10.05 }), candidate(2, 70.35, ['open'])], [{ quotaCode: 'open', posts: 1 }], rules({ tieBreakOrder: [] }));
    expect(result.entries[0]).toMatchObject({ applicationId: 1, totalMarks: 70.35 });
    expect(result.quotas[0]!.cutOffMarks).toBe(70.35);
  });

  it('reports the posts of a quota left empty', () => {
    const result = selectFinalMerit([candidate(1, 80, ['open'])], [{ quotaCode: 'open', posts: 2 }, { quotaCode: 'dalit', posts: 1 }], rules());
    expect(result.quotas.map(({ quotaCode, listed, emptyPlaces }) => ({ quotaCode, listed, emptyPlaces }))).toEqual([
      { quotaCode: 'open', listed: 1, emptyPlaces: 1 },
      { quotaCode: 'dalit', listed: 0, emptyPlaces: 1 },
    ]);
  });

  it('keeps alternates per quota, each person listed once, with configured lengths', () => {
    const people = [candidate(1, 90, ['open', 'women']), candidate(2, 80, ['open', 'women']), candidate(3, 70, ['open']), candidate(4, 60, ['women']), candidate(5, 50, ['open'])];
    const result = selectFinalMerit(people, [{ quotaCode: 'open', posts: 1 }, { quotaCode: 'women', posts: 1 }], rules({ defaultAlternateCount: 1, alternateCounts: { open: 2 } }));
    expect(picked(result)).toEqual(['open:1', 'women:2']);
    expect(picked(result, 'alternate')).toEqual(['open:3', 'open:5', 'women:4']);
    expect(result.entries.filter((entry) => entry.outcome === 'alternate').map((entry) => entry.position)).toEqual([1, 2, 1]);
    expect(result.quotas.map((quota) => quota.alternates)).toEqual([2, 1]);
  });

  it('leaves a withheld candidate out of the list and holds their post open by default', () => {
    const people = [candidate(1, 90, ['open'], { isWithheld: true }), candidate(2, 80, ['open']), candidate(3, 70, ['open'])];
    const held = selectFinalMerit(people, [{ quotaCode: 'open', posts: 2 }], rules({ defaultAlternateCount: 1 }));
    expect(picked(held)).toEqual(['open:2']);
    expect(picked(held, 'alternate')).toEqual(['open:3']);
    expect(held.withheld).toEqual([{ applicationId: 1, quotaCode: 'open' }]);
    expect(held.quotas[0]).toMatchObject({ listed: 1, heldForWithheld: 1, emptyPlaces: 0 });
    expect(held.entries.some((entry) => entry.applicationId === 1)).toBe(false);
  });

  it('passes a withheld candidate post on to the next when so configured', () => {
    const people = [candidate(1, 90, ['open'], { isWithheld: true }), candidate(2, 80, ['open']), candidate(3, 70, ['open'])];
    const passed = selectFinalMerit(people, [{ quotaCode: 'open', posts: 2 }], rules({ withheldPostPolicy: 'pass-on' }));
    expect(picked(passed)).toEqual(['open:2', 'open:3']);
    expect(passed.withheld).toEqual([]);
  });

  it('never lets a tie exceed the posts: roll number decides last', () => {
    const people = [candidate(2, 70, ['open']), candidate(1, 70, ['open'])];
    expect(picked(selectFinalMerit(people, [{ quotaCode: 'open', posts: 1 }], rules({ tieBreakOrder: [] })))).toEqual(['open:1']);
  });
});

describe('selectWrittenShortlist', () => {
  it('shortlists posts plus the extra share and keeps everyone tied at the cut-off', () => {
    const people = [candidate(1, 90, ['open']), candidate(2, 80, ['open']), candidate(3, 70, ['open']), candidate(4, 60, ['open']), candidate(5, 60, ['open']), candidate(6, 50, ['open'])];
    // 1 post + 3 extra = 4 places; 4 and 5 tie at 60.
    const result = selectWrittenShortlist(people, [{ quotaCode: 'open', posts: 1 }], rules(), { hasPractical: false });
    expect(result.entries.map((entry) => entry.applicationId).sort()).toEqual([1, 2, 3, 4, 5]);
    expect(result.quotas[0]).toMatchObject({ places: 4, listed: 5, emptyPlaces: 0, cutOffMarks: 60 });
  });

  it('uses the practical table for posts with a practical exam', () => {
    const people = Array.from({ length: 10 }, (_, index) => candidate(index + 1, 90 - index, ['open']));
    expect(selectWrittenShortlist(people, [{ quotaCode: 'open', posts: 2 }], rules(), { hasPractical: true }).entries).toHaveLength(7);
  });

  it('lists by name alphabetically (or by roll number) with positions in that order', () => {
    const people = [candidate(1, 90, ['open'], { nameEn: 'Sita' }), candidate(2, 80, ['open'], { nameEn: 'Bina' }), candidate(3, 10, ['open'], { nameEn: 'Anil', hasPassedWritten: false })];
    const byName = selectWrittenShortlist(people, [{ quotaCode: 'open', posts: 1 }], rules({ writtenListingOrder: 'name-en' }), { hasPractical: false });
    expect(byName.entries.map((entry) => [entry.position, entry.applicationId])).toEqual([
      [1, 2],
      [2, 1],
    ]);
    const byRoll = selectWrittenShortlist(people, [{ quotaCode: 'open', posts: 1 }], rules({ writtenListingOrder: 'roll-number' }), { hasPractical: false });
    expect(byRoll.entries.map((entry) => entry.applicationId)).toEqual([1, 2]);
  });

  it('holds a withheld candidate place and lists them nowhere', () => {
    const people = [candidate(1, 90, ['open'], { isWithheld: true }), ...Array.from({ length: 5 }, (_, index) => candidate(index + 2, 80 - index, ['open']))];
    const result = selectWrittenShortlist(people, [{ quotaCode: 'open', posts: 1 }], rules(), { hasPractical: false });
    expect(result.entries.map((entry) => entry.applicationId).sort()).toEqual([2, 3, 4]);
    expect(result.withheld).toEqual([{ applicationId: 1, quotaCode: 'open' }]);
  });

  it('orders Nepali names by the Nepali collation', () => {
    const compare = compareWrittenListing('name-np');
    const names = [
      { nameEn: '', nameNp: 'सीता', rollNumber: 1 },
      { nameEn: '', nameNp: 'अनिल', rollNumber: 2 },
      { nameEn: '', nameNp: 'कमला', rollNumber: 3 },
    ];
    expect([...names].sort(compare).map((name) => name.rollNumber)).toEqual([2, 3, 1]);
  });
});

describe('scale', () => {
  it('selects 100,000 candidates over 7 quotas well under 2 s', () => {
    const codes = DEFAULT_SELECTION_RULES.quotaFillOrder.slice(0, 7);
    const people = Array.from({ length: 100_000 }, (_, index) =>
      candidate(index + 1, (index * 7919) % 10_000 / 100, [codes[0]!, ...(index % 3 === 0 ? [codes[1 + (Math.floor(index / 3) % 6)]!] : [])], { interviewMarks: index % 30 }),
    );
    const posts = codes.map((quotaCode, index) => ({ quotaCode, posts: index === 0 ? 55 : 8 }));
    const started = Date.now();
    const result = selectFinalMerit(people, posts, rules({ defaultAlternateCount: 5 }));
    expect(Date.now() - started).toBeLessThan(2000);
    expect(result.entries.filter((entry) => entry.outcome === 'selected')).toHaveLength(55 + 6 * 8);
  });
});
