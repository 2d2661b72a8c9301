import type { PrivilegeCode } from '@psc/core';
import type { WorkstationMessageKey } from '../i18n/en';

// Spec §2 "Admin routes under /admin": every staff screen, once, with the privilege that opens
// it and where it sits in the menu. Paths keep the spec's own spelling (`configuratuin`,
// `advertisementlist`); `{param}` becomes react-router's `:param`, and an optional tail
// (`usercreation[/{id}]`) is two routes. "X with a, b" is X plus X/a and X/b.

export const MENU_SECTIONS = [
  'requisition',
  'advertisement',
  'exam',
  'scrutiny',
  'payment',
  'results',
  'users',
  'masterData',
  'reports',
  'backup',
] as const;
export type MenuSection = (typeof MENU_SECTIONS)[number];

/**
 * Where a route's privilege comes from. `spec`: printed in brackets by §2. `inferred`: §2 prints
 * none, and the workstation fails closed by guarding the screen with the code of its area (§6
 * table) rather than opening it to every member of staff. `none`: open to any signed-in staff.
 */
export type PrivilegeSource = 'spec' | 'inferred' | 'none';

export type AdminRoute = {
  /** Path under /admin in react-router syntax; '' is the dashboard. */
  path: string;
  /** Holding any one of these codes opens the screen; empty only for the dashboard. */
  privileges: readonly PrivilegeCode[];
  privilegeSource: PrivilegeSource;
  /** Catalogue key of the screen's name, e.g. `route.userList`. */
  labelKey: RouteLabelKey;
  /** null only for the dashboard, which sits above the sections. */
  section: MenuSection | null;
  /** Screens reached with parameters are opened from other screens, not from the menu. */
  inMenu: boolean;
};

type RouteLabelKey = Extract<WorkstationMessageKey, `route.${string}`>;
type RouteLabel = RouteLabelKey extends `route.${infer Label}` ? Label : never;
type RouteRow = readonly [path: string, label: RouteLabel];

function group(
  section: MenuSection,
  privileges: readonly PrivilegeCode[],
  privilegeSource: Exclude<PrivilegeSource, 'none'>,
  rows: readonly RouteRow[],
): AdminRoute[] {
  return rows.map(([path, label]) => ({
    path,
    privileges,
    privilegeSource,
    labelKey: `route.${label}` as RouteLabelKey,
    section,
    inMenu: !path.includes(':'),
  }));
}

export const ADMIN_ROUTES: readonly AdminRoute[] = [
  { path: '', privileges: [], privilegeSource: 'none', labelKey: 'route.dashboard', section: null, inMenu: true },

  // ── requisition ──
  ...group('requisition', ['RQ'], 'spec', [
    ['requisitions', 'requisitions'],
    ['requisition', 'requisition'],
    ['requisition/post-requisition/add/:identity', 'addPostRequisition'],
    ['requisition/post-requisition/edit/:identity', 'editPostRequisition'],
    ['requisition/service-requisition/add/:identity', 'addServiceRequisition'],
    ['requisition/service-requisition/design', 'designServiceRequisition'],
    ['approval/requisition', 'approveRequisition'],
  ]),
  // "approval with requisition [RQ] and percentage-distribution [PD]": the parent opens for either.
  ...group('requisition', ['RQ', 'PD'], 'inferred', [['approval', 'approval']]),
  ...group('requisition', ['PD'], 'spec', [
    ['percentage-distribution', 'percentageDistribution'],
    ['approval/percentage-distribution', 'approvePercentageDistribution'],
  ]),

  // ── advertisement ──
  ...group('advertisement', ['PA'], 'spec', [
    ['publish-advertisement', 'publishAdvertisement'],
    ['change-advertisement-date', 'changeAdvertisementDate'],
    ['configure-optional-subject/:id', 'configureOptionalSubject'],
  ]),
  ...group('advertisement', ['PA'], 'inferred', [
    ['advertisementlist', 'advertisementList'],
    ['bigyapan/status', 'advertisementStatus'],
    ['advertisement/get-count/:id', 'advertisementCount'],
  ]),
  ...group('advertisement', ['AQTEA'], 'spec', [['advertisementlistDetails', 'advertisementListDetails']]),
  ...group('advertisement', ['AQTEA'], 'inferred', [
    ['addQuotaToExistingAdvertisements/:requisitionId/:classId', 'addQuotaToExistingAdvertisements'],
  ]),
  ...group('advertisement', ['MC'], 'inferred', [
    ['configuratuin/add-promotion', 'addPromotion'],
    ['configuration/approve-promotion', 'approvePromotion'],
  ]),

  // ── exam ──
  ...group('exam', ['MC'], 'spec', [
    ['exam-center', 'examCenter'],
    ['exam-center-list/:id', 'examCenterList'],
    ['invigilator-list', 'invigilatorList'],
    ['invigilator-post-list', 'invigilatorPostList'],
    ['invigilator-post', 'invigilatorPost'],
    ['invigilator', 'invigilator'],
    ['paper-detail/:id', 'paperDetail'],
  ]),
  ...group('exam', ['PE'], 'inferred', [['paper-configuration', 'paperConfiguration']]),
  ...group('exam', ['PEC'], 'spec', [
    ['room-allocation', 'roomAllocation'],
    ['invigilator-allocation', 'invigilatorAllocation'],
    ['generate-exam-center-report', 'generateExamCenterReport'],
    ['exam-center-list-report/:id', 'examCenterListReport'],
    ['assigned-exam-center/:id', 'assignedExamCenter'],
    ['exam-center-report/:id', 'examCenterReport'],
    ['exam-center-rooms/:id/:approvedCount', 'examCenterRooms'],
    ['assign-rooms/:id/:examStatus', 'assignRooms'],
  ]),
  ...group('exam', ['PEC'], 'inferred', [
    ['center-list', 'centerList'],
    ['assign-exam-center', 'assignExamCenter'],
    ['assign-invigilator/:id/:examStatus/:advCode', 'assignInvigilator'],
  ]),
  ...group('exam', ['ECA'], 'spec', [
    ['exam-center-allocation', 'examCenterAllocation'],
    ['exam-center-allocation/allocate', 'allocateExamCenter'],
    ['exam-center-allocation/allocatedCandidate', 'allocatedCandidates'],
    ['exam-center-allocation/report', 'examCenterAllocationReport'],
    ['exam-center-allocation/history', 'examCenterAllocationHistory'],
  ]),
  ...group('exam', ['ES'], 'spec', [
    ['approve-exam-schedule', 'approveExamSchedule'],
    ['allocate-invigilator/:id', 'allocateInvigilator'],
    ['view-invigilator/:id', 'viewInvigilator'],
    ['view-candidate/:id', 'viewCandidate'],
  ]),
  ...group('exam', ['ES'], 'inferred', [
    ['exam-scheduling', 'examScheduling'],
    ['exam-scheduling/pending', 'pendingExamSchedules'],
    ['exam-scheduling/completed', 'completedExamSchedules'],
    ['schedule-exam', 'scheduleExam'],
  ]),
  // §2 lists it among the user-management routes, so it carries UM.
  ...group('exam', ['UM'], 'spec', [['approval-exam-schedule/:id', 'approvalExamSchedule']]),
  ...group('exam', ['SA'], 'spec', [['generate/rollNo', 'generateRollNumbers']]),
  ...group('exam', ['BIS'], 'spec', [['bulk-invigilator-sms', 'bulkInvigilatorSms']]),
  ...group('exam', ['DA'], 'spec', [['download/admitCard', 'downloadAdmitCard']]),
  ...group('exam', ['DA'], 'inferred', [['download/old/admitCard', 'downloadOldAdmitCard']]),

  // ── scrutiny ──
  ...group('scrutiny', ['SA'], 'spec', [
    ['scrutiny-allocation', 'scrutinyAllocation'],
    ['scrutiny-allocation/:id', 'scrutinyAllocationDetail'],
    ['scrutiny-allocation-history', 'scrutinyAllocationHistory'],
    ['allocation/report', 'allocationReport'],
    ['re-allocation/:id', 'reAllocation'],
    ['scrutiny-reallocation/:id', 'scrutinyReallocation'],
  ]),
  ...group('scrutiny', ['SC'], 'spec', [
    ['scrutiny', 'scrutiny'],
    ['candidate/report', 'candidateReport'],
    ['candidate-details/:advertisementCode/:studentId/:status/:currentpage/:orgId', 'candidateDetails'],
  ]),
  ...group('scrutiny', ['SC'], 'inferred', [
    ['scrutiny/caste-classification', 'casteClassification'],
    ['scrutiny/:id/:orgId', 'scrutinyAdvertisement'],
    ['scrutiny/:id/:type/:currentPage/:orgId', 'scrutinyCandidates'],
  ]),
  ...group('scrutiny', ['SM'], 'spec', [['finalized-scrutiny', 'finalizedScrutiny']]),
  ...group('scrutiny', ['SD'], 'spec', [
    ['scrutiny/report', 'scrutinyReport'],
    ['allocation/reportIndividual/:userDetails', 'individualAllocationReport'],
  ]),
  ...group('scrutiny', ['CAD'], 'inferred', [['delete-candidate-application', 'deleteCandidateApplication']]),

  // ── payment ──
  ...group('payment', ['CPM'], 'spec', [
    ['payment', 'payment'],
    ['payment/update', 'paymentUpdate'],
    ['payment/ebpCode', 'ebpCode'],
    ['payment/renameEbpCode', 'renameEbpCode'],
    ['payment/checkSynchronisedPayment', 'checkSynchronisedPayment'],
    ['payment/checkPaymentByEbpCode', 'checkPaymentByEbpCode'],
    ['payment-verification', 'paymentVerification'],
    ['payment-verification/submitted', 'paymentVerificationSubmitted'],
    ['payment-verification/approved', 'paymentVerificationApproved'],
    ['payment-verification/rejected', 'paymentVerificationRejected'],
    ['payment-verification/noVerification', 'paymentVerificationNone'],
    ['payment-verification/implemented', 'paymentVerificationImplemented'],
    ['payment-verification/government', 'paymentVerificationGovernment'],
    ['payment-verification/governmentImplemented', 'paymentVerificationGovernmentImplemented'],
    ['payment-verification/governmentRejected', 'paymentVerificationGovernmentRejected'],
    ['advertisement/payment/update', 'advertisementPaymentUpdate'],
  ]),
  // RMIS is the revenue system the payments come from, so its comparison sits with payments.
  ...group('payment', ['CPM'], 'inferred', [['compare-rmis-data', 'compareRmisData']]),

  // ── results ──
  ...group('results', ['POEC'], 'spec', [['upload-attendance', 'uploadAttendance']]),
  ...group('results', ['POEC'], 'inferred', [
    ['candidate-attendance', 'candidateAttendance'],
    ['candidate-attendance/excel', 'candidateAttendanceExcel'],
    ['candidate-attendance/masterId', 'candidateAttendanceByMasterId'],
    ['candidate-attendance/view-attendance', 'viewAttendance'],
    ['attendance/detail/:id', 'attendanceDetail'],
    ['attendance-verification', 'attendanceVerification'],
    ['attendance-verification/pending', 'attendanceVerificationPending'],
    ['attendance-verification/verified', 'attendanceVerificationVerified'],
    ['attendance-verification/status/:advtCode', 'attendanceVerificationStatus'],
    ['result-verification', 'resultVerification'],
    ['result-verification/pending', 'resultVerificationPending'],
    ['result-verification/verified', 'resultVerificationVerified'],
    ['result-verification/status/:advtCode', 'resultVerificationStatus'],
    ['candidate-result', 'candidateResult'],
    ['candidate-result/excel', 'candidateResultExcel'],
    ['candidate-result/masterId', 'candidateResultByMasterId'],
    ['candidate-result/view-result', 'viewResult'],
  ]),
  // The certificates print from the published final selection, whose code [FS] guards them in the API too.
  ...group('results', ['FS'], 'inferred', [['certificate-configuration', 'certificateConfiguration']]),
  ...group('results', ['WS'], 'spec', [
    ['written-selection/add', 'addWrittenSelection'],
    ['written-selection/view', 'viewWrittenSelection'],
  ]),
  ...group('results', ['FS'], 'spec', [
    ['finalSelection/add-new-selection', 'addFinalSelection'],
    ['finalSelection/view-new-selection', 'viewFinalSelection'],
  ]),
  ...group('results', ['VS'], 'spec', [['verify-previous-selection', 'verifyPreviousSelection']]),

  // ── users ──
  ...group('users', ['UM'], 'spec', [
    ['userlist', 'userList'],
    ['usercreation', 'userCreation'],
    ['usercreation/:id', 'userEdit'],
    ['userDetails', 'userDetails'],
    ['fullDetails', 'fullDetails'],
    ['rolelist', 'roleList'],
    ['rolecreation', 'roleCreation'],
    ['modulelist', 'moduleList'],
    ['usermanagement/profile/lock', 'profileLock'],
    ['usermanagement/profile/unlock', 'profileUnlock'],
  ]),
  ...group('users', ['UM', 'VLU'], 'spec', [['usermanagement', 'userManagement']]),
  // Not in spec §2: the audit trail of staff writes, read with UM like the user screens.
  ...group('users', ['UM'], 'inferred', [['audit-log', 'auditLog']]),
  // Not in spec §2: the mail and SMS outbox (bodies hold temporary passwords), read with UM.
  ...group('users', ['UM'], 'inferred', [['outbox', 'outbox']]),
  ...group('users', ['PM'], 'spec', [
    ['usermanagement/user/ban', 'userBan'],
    ['usermanagement/user/unBan', 'userUnban'],
  ]),
  ...group('users', ['VLU'], 'spec', [['usermanagement/voucher', 'voucherLock']]),
  ...group('users', ['PUM'], 'spec', [['internal/passwordreset', 'internalPasswordReset']]),

  // ── master data ──
  ...group('masterData', ['MC'], 'spec', [
    ['basic-configuration', 'basicConfiguration'],
    ['academic-qualification', 'academicQualification'],
    ['create-qualification/:id', 'createQualification'],
    ['view-qualification/:id', 'viewQualification'],
    ['generate/form', 'generateForm'],
  ]),
  ...group('masterData', ['MC'], 'inferred', [
    ['configuration/decision', 'decisionConfiguration'],
    ['configuration/relevance', 'relevance'],
    ['configuration/relevance/create', 'createRelevance'],
    ['configuration/relevance/view', 'viewRelevance'],
  ]),

  // ── reports ──
  ...group('reports', ['AR'], 'inferred', [['advertisement-report', 'advertisementReport']]),
  // The re-applicant report belongs with the reports [ER]; the API asks for ER read.
  ...group('reports', ['ER'], 'inferred', [['re-applicant-report', 'reApplicantReport']]),
  ...group('reports', ['POEC'], 'spec', [['report-by-quota', 'reportByQuota']]),
  ...group('reports', ['ER'], 'spec', [
    ['application-count-report', 'applicationCountReport'],
    ['application-count-report/:advtCode/:fiscalYear', 'applicationCountReportDetail'],
  ]),

  // ── backup ──
  ...group('backup', ['BUK'], 'spec', [
    ['backup-scrutiny', 'backupScrutiny'],
    ['backup-rmis', 'backupRmis'],
  ]),
  // The backups themselves and their restore drill: no route of §2, under the backup code [BUK].
  ...group('backup', ['BUK'], 'inferred', [['backups', 'backups']]),
];

export const DASHBOARD_ROUTE = ADMIN_ROUTES[0]!;

/** Privilege codes the signed-in user holds (any action counts: spec §6 grants per module). */
export type HeldPrivileges = ReadonlySet<string>;

export function canOpenRoute(route: Pick<AdminRoute, 'privileges'>, held: HeldPrivileges): boolean {
  return route.privileges.length === 0 || route.privileges.some((code) => held.has(code));
}

/** The browser path of a route (the renderer's router runs under /staff). */
export function adminPathOf(route: Pick<AdminRoute, 'path'>): string {
  return route.path === '' ? '/admin' : `/admin/${route.path}`;
}

export type MenuGroup = { section: MenuSection; routes: AdminRoute[] };

/** The menu a user sees: sections in order, each with the screens the user may open. */
export function buildMenu(held: HeldPrivileges): MenuGroup[] {
  return MENU_SECTIONS.map((section) => ({
    section,
    routes: ADMIN_ROUTES.filter((route) => route.section === section && route.inMenu && canOpenRoute(route, held)),
  })).filter((menuGroup) => menuGroup.routes.length > 0);
}
