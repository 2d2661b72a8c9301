import type { ReactElement } from 'react';
import { BACKUP_SCREENS } from './backups/backup-screens';
import { CENTRE_ALLOCATION_SCREENS } from './centre-allocation/centre-allocation-registry';
import { CERTIFICATE_SCREENS } from './certificates/certificate-screens';
import { EXAM_CENTRE_REPORT_SCREENS } from './exam-centre-reports/exam-centre-report-registry';
import { EXAM_CENTRE_SCREENS } from './exam-centres/exam-centre-screens';
import { EXAM_PAPER_SCREENS } from './exam-papers/exam-paper-screens';
import { EXAM_SCHEDULE_SCREENS } from './exam-schedule/exam-schedule-registry';
import { INVIGILATOR_ALLOCATION_SCREENS } from './invigilator-allocation/invigilator-allocation-registry';
import { INVIGILATOR_SMS_SCREENS } from './invigilator-sms/invigilator-sms-screens';
import { lazyScreen } from './lazy-screen';
import { MASTER_SCREENS } from './master/master-screens';
import { PAYMENT_SCREENS } from './payments/payment-screens';
import { PRINT_SCREENS } from './print/print-registry';
import { RECRUITMENT_SCREENS } from './recruitment/recruitment-screens';
import { ROLL_NUMBER_SCREENS } from './roll-numbers/roll-number-screens';
import { ROOM_ALLOCATION_SCREENS } from './room-allocation/room-allocation-registry';
import { RESULTS_UPLOAD_SCREENS } from './results-upload/results-upload-registry';
import { SELECTION_SCREENS } from './selection/selection-registry';
import { RESULTS_VERIFICATION_SCREENS } from './results-verification/results-verification-registry';
import { SCRUTINY_ALLOCATION_SCREENS } from './scrutiny-allocation/scrutiny-allocation-screens';
import { SCRUTINY_SCREENS } from './scrutiny/scrutiny-screens';
import { SCRUTINY_REPORT_SCREENS } from './scrutiny-reports/scrutiny-reports-screens';

// Each screen is its own chunk, loaded when first opened (lazy-screen.ts).
const MasterDataScreen = lazyScreen(() => import('./master/master-data-screen'), 'MasterDataScreen');
const OutboxScreen = lazyScreen(() => import('./outbox/outbox-screen'), 'OutboxScreen');
const AuditLogScreen = lazyScreen(() => import('./users/audit-log-screen'), 'AuditLogScreen');
const FullDetailsScreen = lazyScreen(() => import('./users/full-details-screen'), 'FullDetailsScreen');
const ModuleListScreen = lazyScreen(() => import('./users/module-list-screen'), 'ModuleListScreen');
const PasswordResetScreen = lazyScreen(() => import('./users/password-reset-screen'), 'PasswordResetScreen');
const RoleFormScreen = lazyScreen(() => import('./users/role-form-screen'), 'RoleFormScreen');
const RoleListScreen = lazyScreen(() => import('./users/role-list-screen'), 'RoleListScreen');
const UserDetailsScreen = lazyScreen(() => import('./users/user-details-screen'), 'UserDetailsScreen');
const UserFormScreen = lazyScreen(() => import('./users/user-form-screen'), 'UserFormScreen');
const UserListScreen = lazyScreen(() => import('./users/user-list-screen'), 'UserListScreen');
const UserManagementScreen = lazyScreen(() => import('./users/user-management-screen'), 'UserManagementScreen');

/** The screens built so far, by route path (admin-routes.ts); the others say they are not built yet. */
export const BUILT_SCREENS: Readonly<Record<string, () => ReactElement>> = {
  'basic-configuration': () => <MasterDataScreen />,
  userlist: () => <UserListScreen />,
  usercreation: () => <UserFormScreen />,
  'usercreation/:id': () => <UserFormScreen />,
  userDetails: () => <UserDetailsScreen />,
  fullDetails: () => <FullDetailsScreen />,
  rolelist: () => <RoleListScreen />,
  rolecreation: () => <RoleFormScreen />,
  modulelist: () => <ModuleListScreen />,
  usermanagement: () => <UserManagementScreen />,
  'usermanagement/profile/lock': () => <UserManagementScreen focus="profileLock" />,
  'usermanagement/profile/unlock': () => <UserManagementScreen focus="profileUnlock" />,
  'usermanagement/user/ban': () => <UserManagementScreen focus="ban" />,
  'usermanagement/user/unBan': () => <UserManagementScreen focus="unban" />,
  'usermanagement/voucher': () => <UserManagementScreen focus="voucher" />,
  'internal/passwordreset': () => <PasswordResetScreen />,
  'audit-log': () => <AuditLogScreen />,
  outbox: () => <OutboxScreen />,
  // Requisition to published advertisement (screens/recruitment).
  ...RECRUITMENT_SCREENS,
  // Payments, verification, refunds, compare-rmis-data, application reports (screens/payments).
  ...PAYMENT_SCREENS,
  // Scrutiny allocation: allocate, re-allocate, switch, history, reports (screens/scrutiny-allocation).
  ...SCRUTINY_ALLOCATION_SCREENS,
  // The scrutiny officer's queue and pre-review view (screens/scrutiny).
  ...SCRUTINY_SCREENS,
  // Exam papers: paper-configuration, paper-detail (screens/exam-papers).
  ...EXAM_PAPER_SCREENS,
  // Finalised scrutiny, the scrutiny report and the caste classification (screens/scrutiny-reports).
  ...SCRUTINY_REPORT_SCREENS,
  // Qualifications, commission decisions, the approval parent, one advertisement's counts (screens/master).
  ...MASTER_SCREENS,
  // Roll numbers: generate/rollNo (screens/roll-numbers).
  ...ROLL_NUMBER_SCREENS,
  // Exam scheduling and its approval (screens/exam-schedule).
  ...EXAM_SCHEDULE_SCREENS,
  // Bulk SMS to the invigilators of a sitting (screens/invigilator-sms).
  ...INVIGILATOR_SMS_SCREENS,
  // Exam centres and their rooms: exam-center, exam-center-list/{id}, center-list (screens/exam-centres).
  ...EXAM_CENTRE_SCREENS,
  // Exam-centre allocation, its report and history; assign-exam-center, assigned-exam-center (screens/centre-allocation).
  ...CENTRE_ALLOCATION_SCREENS,
  // Room allocation: room-allocation, exam-center-rooms, assign-rooms (screens/room-allocation).
  ...ROOM_ALLOCATION_SCREENS,
  // Invigilator allocation and the candidates' seats (screens/invigilator-allocation).
  ...INVIGILATOR_ALLOCATION_SCREENS,
  // Attendance and marks upload, lookup by Master ID, upload detail (screens/results-upload).
  ...RESULTS_UPLOAD_SCREENS,
  // Attendance and result verification, their status, the report by quota (screens/results-verification).
  ...RESULTS_VERIFICATION_SCREENS,
  // Written and final selection, withheld results, verify-previous-selection (screens/selection).
  ...SELECTION_SCREENS,
  // Exam-centre reports and gate lists (screens/exam-centre-reports).
  ...EXAM_CENTRE_REPORT_SCREENS,
  // Batch printing of admit cards, attendance sheets, room and door lists; application forms (screens/print).
  ...PRINT_SCREENS,
  // The recommendation certificate's text, signatory and seal per advertisement (screens/certificates).
  ...CERTIFICATE_SCREENS,
  // Backups and the restore drill (screens/backups).
  ...BACKUP_SCREENS,
};
