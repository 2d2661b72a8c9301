import { toDevanagariDigits } from '@psc/core';
import { schema } from '@psc/db';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { settleAnimations } from './portal-steps';
import { openPage, saveScreenshot, startsProductAndBrowser } from './support/harness';
import { signInToWorkstation, STAFF_ADMIN } from './staff-steps';

// Exam-centre allocation (spec §4 "Exam centre assignment: temporary save, then final save"): staff
// open a sitting of the demo advertisement with roll numbers (its first paper on an approved
// schedule), see
// the proposal of its cities' exam centres, are refused two overlapping ranges (the message in
// Nepali, the edit kept), save temporarily, then for good: every candidate gets a seat
// row with the centre.

const running = startsProductAndBrowser({ workstationDataDir: 'psc-workstation-centre-allocation-e2e-' });
const nepali = (value: number | string) => toDevanagariDigits(String(value));

type Row = Record<string, unknown>;
const rows = (result: unknown) => (Array.isArray(result) ? result : (result as { rows: Row[] }).rows) as Row[];

describe('exam-centre allocation', () => {
  it('staff allocate the demo sitting to exam centres, temporarily then for good', async () => {
    const url = running.product.url;
    const db = running.product.db;
    // The demo advertisement with roll numbers, its first paper put on an approved schedule (the
    // others skipped), as exam scheduling [ES] leaves it.
    const [demo] = rows(
      await db.execute(sql`
        select ad.id, ad.post_id as "postId", ad.group_id as "groupId" from advertisements ad
        join requisitions rq on rq.id = ad.requisition_id join roll_number_series rs on rs.advertisement_id = ad.id
        where rq.requisition_no like 'DEMO-roll-numbers-%'`),
    );
    expect(demo).toBeDefined();
    const [admin] = rows(await db.execute(sql`select id from users where username = ${STAFF_ADMIN.username}`));
    const papers = rows(
      await db.execute(sql`
        select id, duration_minutes as "durationMinutes" from exam_papers
        where post_id = ${demo!.postId} and service_group_id is not distinct from ${demo!.groupId} order by paper_order`),
    );
    expect(papers.length).toBeGreaterThan(0);
    await db.insert(schema.examSchedules).values({ advertisementId: Number(demo!.id), status: 'approved', savedBy: Number(admin!.id), decidedBy: Number(admin!.id), decidedAt: new Date(), approvals: 1 }).onConflictDoNothing();
    await db.delete(schema.examSchedulePapers).where(sql`${schema.examSchedulePapers.advertisementId} = ${Number(demo!.id)}`);
    await db.insert(schema.examSchedulePapers).values(
      papers.map((paper, index) =>
        index === 0
          ? { advertisementId: Number(demo!.id), examPaperId: Number(paper.id), examDate: '2027-06-15', startTime: '08:00', durationMinutes: Number(paper.durationMinutes) }
          : { advertisementId: Number(demo!.id), examPaperId: Number(paper.id), skipped: true, skipReason: 'Not in this test', durationMinutes: Number(paper.durationMinutes) },
      ),
    );
    await db.execute(sql`update exam_schedules set status = 'approved' where advertisement_id = ${Number(demo!.id)}`);
    const sitting = { advertisementId: Number(demo!.id), examPaperId: Number(papers[0]!.id) };
    expect(sitting).toBeDefined();
    const advertisementId = Number(sitting!.advertisementId);
    const examPaperId = Number(sitting!.examPaperId);
    const cities = rows(
      await db.execute(sql`
        select exam_centre_id as id, count(*)::int as n, min(roll_number) as "from", max(roll_number) as "to" from roll_numbers
        where advertisement_id = ${advertisementId} group by exam_centre_id order by min(roll_number)`),
    ).map((row) => ({ id: Number(row.id), n: Number(row.n), from: Number(row.from), to: Number(row.to) }));
    expect(cities.length).toBeGreaterThan(0);
    const total = cities.reduce((sum, city) => sum + city.n, 0);
    // The first city has two schools, the first one seat short; every other city one school.
    const first = cities[0]!;
    const firstCapacity = Math.max(1, first.n - 1);
    await db.insert(schema.examVenues).values([
      { examCentreId: first.id, nameEn: 'Padma Kanya School', nameNp: 'पद्मकन्या विद्यालय', addressEn: 'Bagbazar', addressNp: 'बागबजार', capacity: firstCapacity },
      { examCentreId: first.id, nameEn: 'Durbar High School', nameNp: 'दरबार हाइस्कुल', addressEn: 'Rani Pokhari', addressNp: 'रानीपोखरी', capacity: 10 },
      ...cities.slice(1).map((city, index) => ({ examCentreId: city.id, nameEn: `Campus ${index + 1}`, nameNp: `क्याम्पस ${nepali(index + 1)}`, addressEn: 'Road', addressNp: 'सडक', capacity: 10 })),
    ]);

    const page = await openPage(running.browser, `${url}/staff/login`, { width: 1400, height: 1000 });
    await signInToWorkstation(page, STAFF_ADMIN);
    await page.goto(`${url}/staff/admin/exam-center-allocation`);
    const link = page.getByTestId(`allocate-${advertisementId}-${examPaperId}`);
    await link.waitFor();
    await settleAnimations(page);
    await saveScreenshot(page, 'staff-centre-allocation-1-sittings');
    await link.click();

    await page.getByTestId('proposal').waitFor();
    const ranges = page.getByTestId('allocation-ranges').locator('tbody tr.ant-table-row');
    await expect.poll(() => ranges.count()).toBe(cities.length + 1);
    const froms = page.getByTestId('range-from');
    const tos = page.getByTestId('range-to');
    expect(await froms.first().inputValue()).toBe(nepali(first.from));
    expect(await tos.first().inputValue()).toBe(nepali(first.from + firstCapacity - 1));
    await settleAnimations(page);
    await saveScreenshot(page, 'staff-centre-allocation-2-proposal');

    // Padma Kanya's range stretched into Durbar High's: refused in Nepali, the typed range kept.
    if (first.n > 1) {
      await tos.first().fill(nepali(first.from + firstCapacity));
      await page.getByTestId('save-temporary').click();
      await page.getByText(`पद्मकन्या विद्यालय र दरबार हाइस्कुल का दायरा खप्टिन्छन् (रोल नम्बर ${nepali(first.from + firstCapacity)})।`).waitFor();
      expect(await tos.first().inputValue()).toBe(nepali(first.from + firstCapacity));
      await settleAnimations(page);
      await saveScreenshot(page, 'staff-centre-allocation-3-refused');
      await tos.first().fill(nepali(first.from + firstCapacity - 1));
    }

    await page.getByTestId('save-temporary').click();
    await page.locator('.ant-message').getByText('केन्द्र बाँडफाँड अस्थायी रूपमा सुरक्षित भयो।').waitFor();
    await page.getByTestId('allocation-status').filter({ hasText: 'अस्थायी' }).waitFor();

    await page.getByTestId('save-final').click();
    await page.getByTestId('confirm-ok').click();
    await page.locator('.ant-message').getByText('केन्द्र बाँडफाँड अन्तिम भयो: सबै उम्मेदवारको केन्द्र तोकियो।').waitFor();
    await page.getByTestId('allocation-status').filter({ hasText: 'अन्तिम' }).waitFor();
    await page.getByTestId('revert').waitFor();
    await settleAnimations(page);
    await saveScreenshot(page, 'staff-centre-allocation-4-final');

    const [seats] = rows(await db.execute(sql`
      select count(*)::int as n from seat_assignments s join centre_allocations ca on ca.id = s.allocation_id
      where ca.advertisement_id = ${advertisementId} and ca.exam_paper_id = ${examPaperId}`));
    expect(Number(seats!.n)).toBe(total);

    await page.goto(`${url}/staff/admin/exam-center-allocation/allocatedCandidate?advertisementId=${advertisementId}&paperId=${examPaperId}`);
    await page.getByTestId('allocated-candidates').locator('tbody tr.ant-table-row').first().waitFor();
    await settleAnimations(page);
    await saveScreenshot(page, 'staff-centre-allocation-5-candidates');
    await page.context().close();
  }, 240_000);
});
