import type { ReactElement } from 'react';
import { MasterDataScreen } from './master/master-data-screen';
import { OutboxScreen } from './outbox/outbox-screen';
import { RECRUITMENT_SCREENS } from './recruitment/recruitment-screens';
import { AuditLogScreen } from './users/audit-log-screen';
import { FullDetailsScreen } from './users/full-details-screen';
import { ModuleListScreen } from './users/module-list-screen';
import { PasswordResetScreen } from './users/password-reset-screen';
import { RoleFormScreen } from './users/role-form-screen';
import { RoleListScreen } from './users/role-list-screen';
import { UserDetailsScreen } from './users/user-details-screen';
import { UserFormScreen } from './users/user-form-screen';
import { UserListScreen } from './users/user-list-screen';
import { UserManagementScreen } from './users/user-management-screen';

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
  // Issue 6: requisition to published advertisement (screens/recruitment).
  ...RECRUITMENT_SCREENS,
};
