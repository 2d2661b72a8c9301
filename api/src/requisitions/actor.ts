import type { auditContext } from '../audit/record-audit';

/** Who is acting, for the audit row and the four-eyes rule. */
export type Actor = ReturnType<typeof auditContext>;
