import { PRIVILEGE_CODES } from '@psc/core';
import { describe, expect, it } from 'vitest';
import { en } from '../i18n/en';
import { ne } from '../i18n/ne';
import { ADMIN_ROUTES, MENU_SECTIONS, buildMenu, canOpenRoute, adminPathOf } from './admin-routes';

// Spec §2 "Admin routes under /admin", transcribed line by line independently of the table:
// `{param}` as written, optional tails and "with" children expanded, and the code in brackets
// where the spec prints one (null where it prints none).
const SPEC_ROUTES: [path: string, specCodes: string[] | null][] = [
  // Dashboard; requisitions [RQ]; advertisement-report; re-applicant-report; compare-rmis-data; bigyapan/status.
  ['', null],
  ['requisitions', ['RQ']],
  ['advertisement-report', null],
  ['re-applicant-report', null],
  ['compare-rmis-data', null],
  ['bigyapan/status', null],
  // requisition with children ... [RQ].
  ['requisition', ['RQ']],
  ['requisition/post-requisition/edit/{identity}', ['RQ']],
  ['requisition/post-requisition/add/{identity}', ['RQ']],
  ['requisition/service-requisition/add/{identity}', ['RQ']],
  ['requisition/service-requisition/design', ['RQ']],
  // configuration/decision; configuratuin/add-promotion; configuration/approve-promotion; configuration/relevance with create and view.
  ['configuration/decision', null],
  ['configuratuin/add-promotion', null],
  ['configuration/approve-promotion', null],
  ['configuration/relevance', null],
  ['configuration/relevance/create', null],
  ['configuration/relevance/view', null],
  // approval with requisition [RQ] and percentage-distribution [PD]; percentage-distribution [PD].
  ['approval', null],
  ['approval/requisition', ['RQ']],
  ['approval/percentage-distribution', ['PD']],
  ['percentage-distribution', ['PD']],
  // basic-configuration [MC]; exam-center [MC].
  ['basic-configuration', ['MC']],
  ['exam-center', ['MC']],
  // ... invigilator-allocation [PEC].
  ['exam-center-list-report/{id}', ['PEC']],
  ['assigned-exam-center/{id}', ['PEC']],
  ['generate-exam-center-report', ['PEC']],
  ['exam-center-report/{id}', ['PEC']],
  ['room-allocation', ['PEC']],
  ['exam-center-rooms/{id}/{approvedCount}', ['PEC']],
  ['assign-rooms/{id}/{examStatus}', ['PEC']],
  ['invigilator-allocation', ['PEC']],
  // invigilator-list, invigilator-post-list, invigilator-post, invigilator, exam-center-list/{id} [MC].
  ['invigilator-list', ['MC']],
  ['invigilator-post-list', ['MC']],
  ['invigilator-post', ['MC']],
  ['invigilator', ['MC']],
  ['exam-center-list/{id}', ['MC']],
  // exam-center-allocation [ECA] with allocate, allocatedCandidate, report, history.
  ['exam-center-allocation', ['ECA']],
  ['exam-center-allocation/allocate', ['ECA']],
  ['exam-center-allocation/allocatedCandidate', ['ECA']],
  ['exam-center-allocation/report', ['ECA']],
  ['exam-center-allocation/history', ['ECA']],
  // allocate-invigilator/{id}, view-invigilator/{id}, view-candidate/{id}, approve-exam-schedule [ES].
  ['allocate-invigilator/{id}', ['ES']],
  ['view-invigilator/{id}', ['ES']],
  ['view-candidate/{id}', ['ES']],
  ['approve-exam-schedule', ['ES']],
  // center-list; assign-invigilator/...; assign-exam-center; exam-scheduling with pending and completed;
  // schedule-exam; paper-configuration; generate/form [MC]; bulk-invigilator-sms [BIS]; paper-detail/{id} [MC].
  ['center-list', null],
  ['assign-invigilator/{id}/{examStatus}/{advCode}', null],
  ['assign-exam-center', null],
  ['exam-scheduling', null],
  ['exam-scheduling/pending', null],
  ['exam-scheduling/completed', null],
  ['schedule-exam', null],
  ['paper-configuration', null],
  ['generate/form', ['MC']],
  ['bulk-invigilator-sms', ['BIS']],
  ['paper-detail/{id}', ['MC']],
  // academic-qualification, create-qualification/{id}, view-qualification/{id} [MC].
  ['academic-qualification', ['MC']],
  ['create-qualification/{id}', ['MC']],
  ['view-qualification/{id}', ['MC']],
  // publish-advertisement [PA]; change-advertisement-date [PA]; configure-optional-subject/{id} [PA];
  // advertisementlist; download/admitCard [DA]; download/old/admitCard.
  ['publish-advertisement', ['PA']],
  ['change-advertisement-date', ['PA']],
  ['configure-optional-subject/{id}', ['PA']],
  ['advertisementlist', null],
  ['download/admitCard', ['DA']],
  ['download/old/admitCard', null],
  // re-allocation/{id}, scrutiny-reallocation/{id}, scrutiny-allocation[/{id}], scrutiny-allocation-history,
  // generate/rollNo, allocation/report [SA].
  ['re-allocation/{id}', ['SA']],
  ['scrutiny-reallocation/{id}', ['SA']],
  ['scrutiny-allocation', ['SA']],
  ['scrutiny-allocation/{id}', ['SA']],
  ['scrutiny-allocation-history', ['SA']],
  ['generate/rollNo', ['SA']],
  ['allocation/report', ['SA']],
  // scrutiny/caste-classification; finalized-scrutiny [SM]; scrutiny/report [SD]; candidate/report and
  // scrutiny [SC]; allocation/reportIndividual/{userDetails} [SD].
  ['scrutiny/caste-classification', null],
  ['finalized-scrutiny', ['SM']],
  ['scrutiny/report', ['SD']],
  ['candidate/report', ['SC']],
  ['scrutiny', ['SC']],
  ['allocation/reportIndividual/{userDetails}', ['SD']],
  // scrutiny/{id}/{type}/{currentPage}/{orgId}, scrutiny/{id}/{orgId}; candidate-details/... [SC].
  ['scrutiny/{id}/{type}/{currentPage}/{orgId}', null],
  ['scrutiny/{id}/{orgId}', null],
  ['candidate-details/{advertisementCode}/{studentId}/{status}/{currentpage}/{orgId}', ['SC']],
  // modulelist, rolelist, rolecreation, approval-exam-schedule/{id}, usercreation[/{id}], userlist,
  // userDetails, fullDetails [UM]; internal/passwordreset [PUM].
  ['modulelist', ['UM']],
  // Not in §2: the audit-log screen of staff writes (its code, UM, is therefore "inferred").
  ['audit-log', null],
  // Not in §2: the mail and SMS outbox (UM, "inferred").
  ['outbox', null],
  ['rolelist', ['UM']],
  ['rolecreation', ['UM']],
  ['approval-exam-schedule/{id}', ['UM']],
  ['usercreation', ['UM']],
  ['usercreation/{id}', ['UM']],
  ['userlist', ['UM']],
  ['userDetails', ['UM']],
  ['fullDetails', ['UM']],
  ['internal/passwordreset', ['PUM']],
  // advertisementlistDetails [AQTEA]; addQuotaToExistingAdvertisements/...; advertisement/payment/update [CPM];
  // advertisement/get-count/{id}.
  ['advertisementlistDetails', ['AQTEA']],
  ['addQuotaToExistingAdvertisements/{requisitionId}/{classId}', null],
  ['advertisement/payment/update', ['CPM']],
  ['advertisement/get-count/{id}', null],
  // payment [CPM] with update, ebpCode, renameEbpCode, checkSynchronisedPayment, checkPaymentByEbpCode.
  ['payment', ['CPM']],
  ['payment/update', ['CPM']],
  ['payment/ebpCode', ['CPM']],
  ['payment/renameEbpCode', ['CPM']],
  ['payment/checkSynchronisedPayment', ['CPM']],
  ['payment/checkPaymentByEbpCode', ['CPM']],
  // payment-verification [CPM] with submitted, approved, rejected, noVerification, implemented, government,
  // governmentImplemented, governmentRejected.
  ['payment-verification', ['CPM']],
  ['payment-verification/submitted', ['CPM']],
  ['payment-verification/approved', ['CPM']],
  ['payment-verification/rejected', ['CPM']],
  ['payment-verification/noVerification', ['CPM']],
  ['payment-verification/implemented', ['CPM']],
  ['payment-verification/government', ['CPM']],
  ['payment-verification/governmentImplemented', ['CPM']],
  ['payment-verification/governmentRejected', ['CPM']],
  // usermanagement [UM or VLU] with profile/lock and profile/unlock [UM], user/ban and user/unBan [PM], voucher [VLU].
  ['usermanagement', ['UM', 'VLU']],
  ['usermanagement/profile/lock', ['UM']],
  ['usermanagement/profile/unlock', ['UM']],
  ['usermanagement/user/ban', ['PM']],
  ['usermanagement/user/unBan', ['PM']],
  ['usermanagement/voucher', ['VLU']],
  // upload-attendance and report-by-quota [POEC]; delete-candidate-application; application-count-report[/...] [ER].
  ['upload-attendance', ['POEC']],
  ['report-by-quota', ['POEC']],
  ['delete-candidate-application', null],
  ['application-count-report', ['ER']],
  ['application-count-report/{advtCode}/{fiscalYear}', ['ER']],
  // candidate-attendance (excel, masterId, view-attendance); attendance-verification[/status/{advtCode}] with
  // pending and verified; result-verification likewise; certificate-configuration; candidate-result (excel,
  // masterId, view-result); attendance/detail/{id}.
  ['candidate-attendance', null],
  ['candidate-attendance/excel', null],
  ['candidate-attendance/masterId', null],
  ['candidate-attendance/view-attendance', null],
  ['attendance-verification', null],
  ['attendance-verification/status/{advtCode}', null],
  ['attendance-verification/pending', null],
  ['attendance-verification/verified', null],
  ['result-verification', null],
  ['result-verification/status/{advtCode}', null],
  ['result-verification/pending', null],
  ['result-verification/verified', null],
  ['certificate-configuration', null],
  ['candidate-result', null],
  ['candidate-result/excel', null],
  ['candidate-result/masterId', null],
  ['candidate-result/view-result', null],
  ['attendance/detail/{id}', null],
  // backup-scrutiny and backup-rmis [BUK]; finalSelection add-new-selection and view-new-selection [FS];
  // written-selection add/view [WS]; verify-previous-selection [VS].
  ['backup-scrutiny', ['BUK']],
  ['backup-rmis', ['BUK']],
  // Not in §2: the backups and their restore drill (BUK, "inferred").
  ['backups', null],
  ['finalSelection/add-new-selection', ['FS']],
  ['finalSelection/view-new-selection', ['FS']],
  ['written-selection/add', ['WS']],
  ['written-selection/view', ['WS']],
  ['verify-previous-selection', ['VS']],
];

const toRouterPath = (specPath: string) => specPath.replace(/\{(\w+)\}/g, ':$1');

describe('admin route table', () => {
  it('has every admin route of spec §2 exactly once, and nothing else', () => {
    const tablePaths = ADMIN_ROUTES.map((route) => route.path);
    expect(new Set(tablePaths).size).toBe(tablePaths.length);
    expect([...tablePaths].sort()).toEqual(SPEC_ROUTES.map(([path]) => toRouterPath(path)).sort());
  });

  it('uses the code spec §2 prints, and marks the codes it does not print as inferred', () => {
    for (const [specPath, specCodes] of SPEC_ROUTES) {
      const route = ADMIN_ROUTES.find((candidate) => candidate.path === toRouterPath(specPath))!;
      if (specPath === '') {
        expect(route).toMatchObject({ privileges: [], privilegeSource: 'none' });
      } else if (specCodes) {
        expect({ path: specPath, privileges: route.privileges, source: route.privilegeSource }).toEqual({
          path: specPath,
          privileges: specCodes,
          source: 'spec',
        });
      } else {
        // Fail closed: a staff screen whose code the spec does not show still needs one.
        expect({ path: specPath, source: route.privilegeSource }).toEqual({ path: specPath, source: 'inferred' });
        expect(route.privileges.length).toBeGreaterThan(0);
      }
    }
  });

  it('uses only privilege codes that core knows', () => {
    const used = new Set(ADMIN_ROUTES.flatMap((route) => route.privileges));
    for (const code of used) expect(PRIVILEGE_CODES).toContain(code);
  });

  it('names every screen in both languages', () => {
    for (const route of ADMIN_ROUTES) {
      expect(en[route.labelKey], route.labelKey).toBeTruthy();
      expect(ne[route.labelKey], route.labelKey).toBeTruthy();
    }
    for (const section of MENU_SECTIONS) {
      expect(en[`section.${section}`]).toBeTruthy();
      expect(ne[`section.${section}`]).toBeTruthy();
    }
  });

  it('puts every parameterless screen in a menu section, and no screen with parameters', () => {
    for (const route of ADMIN_ROUTES) {
      expect(route.inMenu, route.path).toBe(!route.path.includes(':'));
      if (route.path !== '') expect(MENU_SECTIONS, route.path).toContain(route.section);
    }
  });
});

describe('menu and access', () => {
  const everyCode = new Set<string>(PRIVILEGE_CODES);
  const menuPaths = (held: ReadonlySet<string>) => buildMenu(held).flatMap((group) => group.routes.map((route) => route.path));

  it('gives a user with every privilege every section and every menu screen', () => {
    const menu = buildMenu(everyCode);
    expect(menu.map((group) => group.section)).toEqual([...MENU_SECTIONS]);
    expect(menuPaths(everyCode).sort()).toEqual(
      ADMIN_ROUTES.filter((route) => route.inMenu && route.path !== '').map((route) => route.path).sort(),
    );
  });

  it('gives the RQ-only officer the requisition screens alone', () => {
    const held = new Set(['RQ']);
    expect(buildMenu(held).map((group) => group.section)).toEqual(['requisition']);
    expect(menuPaths(held).sort()).toEqual(
      ['approval', 'approval/requisition', 'requisition', 'requisition/service-requisition/design', 'requisitions'].sort(),
    );
  });

  it('opens a route for any one of its codes, and the dashboard for anyone', () => {
    const userManagement = ADMIN_ROUTES.find((route) => route.path === 'usermanagement')!;
    expect(canOpenRoute(userManagement, new Set(['VLU']))).toBe(true);
    expect(canOpenRoute(userManagement, new Set(['RQ']))).toBe(false);
    expect(canOpenRoute(ADMIN_ROUTES[0]!, new Set())).toBe(true);
    expect(ADMIN_ROUTES.filter((route) => canOpenRoute(route, new Set())).map(adminPathOf)).toEqual(['/admin']);
  });

  it('gives a user without privileges an empty menu', () => {
    expect(buildMenu(new Set())).toEqual([]);
  });
});
