import { sql } from 'drizzle-orm';
import { createAllocatableAdvertisement, createVenues } from '../../api/src/centre-allocation/centre-allocation.test-support';
import { createStaffUser } from '../../api/src/requisitions/requisition.test-support';
import { createTestApp } from '../../api/src/test-support/test-app';
import { readBenchmarkOptions } from './seeded-api';

// `TEST_POSTGRES_URL=... npm run bench -- centre-allocation`: one sitting of 100,000 candidates
// over 10 cities and 150 exam centres, on real PostgreSQL (spec §4 "Exam centre assignment"). Times
// over the API (in process) the sitting's details with its proposal (blocks by city, free seats at
// its time with another advertisement already seated at an overlapping time), the temporary save
// and the final save that writes the 100,000 seat rows in one insert ... select; then a revert.

const DEFAULTS = { candidates: 100_000, cities: 10, centres: 150, runs: 3 };

const seconds = (ms: number) => (ms < 1000 ? `${ms.toFixed(1)} ms` : `${(ms / 1000).toFixed(2)} s`);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function benchCentreAllocation() {
  if (!process.env.TEST_POSTGRES_URL) throw new Error('set TEST_POSTGRES_URL to a PostgreSQL server (the benchmark makes and drops its own database)');
  const { numeric: options } = readBenchmarkOptions(DEFAULTS);
  const t = await createTestApp();
  try {
    const staff = await createStaffUser(t, { ECA: ['read', 'create', 'update', 'approve'] });
    const perCity = Math.floor(options.candidates / options.cities);
    const started = performance.now();
    const ad = await createAllocatableAdvertisement(t, {
      cities: Array.from({ length: options.cities }, (_, index) => ({ nameEn: `City ${index + 1}`, candidates: perCity })),
      sittings: [{ examDate: '2027-05-01', startTime: '08:00', durationMinutes: 180 }],
    });
    const perCityCentres = Math.floor(options.centres / options.cities);
    const capacity = Math.ceil((perCity * 1.2) / perCityCentres);
    for (const city of ad.cities) {
      await createVenues(t, city.examCentreId, Array.from({ length: perCityCentres }, (_, index) => ({ nameEn: `${city.nameEn} school ${index + 1}`, capacity })));
    }
    // Another advertisement already seated at an overlapping time in the first centre of every city.
    const other = await createAllocatableAdvertisement(t, {
      cities: ad.cities.map((city) => ({ nameEn: city.nameEn, candidates: 50, examCentreId: city.examCentreId })),
      sittings: [{ examDate: '2027-05-01', startTime: '09:00', durationMinutes: 60 }],
    });
    const path = (a: typeof ad) => `/api/admin/centre-allocations/sittings/${a.advertisement.advertisementId}/papers/${a.paperIds[0]}`;
    const otherProposal = (await t.call('GET', path(other), { token: staff.token })).body.data as { proposal: { ranges: { venueId: number; rollFrom: number; rollTo: number }[] } };
    const seated = await t.call('PUT', path(other), { token: staff.token, json: { ranges: otherProposal.proposal.ranges.map(({ venueId, rollFrom, rollTo }) => ({ venueId, rollFrom, rollTo })) } });
    if (seated.status !== 200) throw new Error(`the other advertisement's save answered ${seated.status}`);
    await t.db.execute(sql`vacuum analyze roll_numbers, exam_venues, centre_allocation_ranges, centre_allocations, exam_schedule_papers`);
    console.log(`seeded ${(perCity * options.cities).toLocaleString('en')} candidates over ${options.cities} cities and ${perCityCentres * options.cities} centres (capacity ${capacity}) in ${seconds(performance.now() - started)}`);

    const details: number[] = [];
    const temporary: number[] = [];
    const final: number[] = [];
    const revert: number[] = [];
    for (let run = 0; run < options.runs; run += 1) {
      let at = performance.now();
      const answer = await t.call('GET', path(ad), { token: staff.token });
      details.push(performance.now() - at);
      const sitting = answer.body.data as { ranges: { venueId: number; rollFrom: number; rollTo: number }[]; proposal: { ranges: { venueId: number; rollFrom: number; rollTo: number }[]; leftOver: unknown[] } | null };
      const ranges = (sitting.proposal?.ranges ?? sitting.ranges).map(({ venueId, rollFrom, rollTo }) => ({ venueId, rollFrom, rollTo }));
      if (sitting.proposal && sitting.proposal.leftOver.length) throw new Error('the proposal left candidates over');
      at = performance.now();
      const saved = await t.call('PUT', path(ad), { token: staff.token, json: { ranges } });
      temporary.push(performance.now() - at);
      at = performance.now();
      const finalised = await t.call('POST', `${path(ad)}/final`, { token: staff.token, json: { ranges } });
      final.push(performance.now() - at);
      at = performance.now();
      const reverted = await t.call('POST', `${path(ad)}/revert`, { token: staff.token });
      revert.push(performance.now() - at);
      if (saved.status !== 200 || finalised.status !== 200 || reverted.status !== 200) throw new Error(`answers ${saved.status} ${finalised.status} ${reverted.status}: ${JSON.stringify(finalised.body).slice(0, 300)}`);
    }
    console.log(`\ncentre allocation of one sitting, median of ${options.runs} (target: details and final save well under 2 s):`);
    console.log(`  details with the proposal: ${seconds(median(details))} (runs: ${details.map(seconds).join(', ')})`);
    console.log(`  temporary save: ${seconds(median(temporary))} (runs: ${temporary.map(seconds).join(', ')})`);
    console.log(`  final save with every seat row: ${seconds(median(final))} (runs: ${final.map(seconds).join(', ')})`);
    console.log(`  revert (the seat rows deleted): ${seconds(median(revert))} (runs: ${revert.map(seconds).join(', ')})`);
  } finally {
    await t.close();
  }
}
