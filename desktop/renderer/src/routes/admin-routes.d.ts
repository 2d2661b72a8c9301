import type { PrivilegeCode } from '@psc/core';
import type { WorkstationMessageKey } from '../i18n/en';
export declare const MENU_SECTIONS: readonly ["requisition", "advertisement", "exam", "scrutiny", "payment", "results", "users", "masterData", "reports", "backup"];
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
export declare const ADMIN_ROUTES: readonly AdminRoute[];
export declare const DASHBOARD_ROUTE: AdminRoute;
/** Privilege codes the signed-in user holds (any action counts: spec §6 grants per module). */
export type HeldPrivileges = ReadonlySet<string>;
export declare function canOpenRoute(route: Pick<AdminRoute, 'privileges'>, held: HeldPrivileges): boolean;
/** The browser path of a route (the renderer's router runs under /staff). */
export declare function adminPathOf(route: Pick<AdminRoute, 'path'>): string;
export type MenuGroup = {
    section: MenuSection;
    routes: AdminRoute[];
};
/** The menu a user sees: sections in order, each with the screens the user may open. */
export declare function buildMenu(held: HeldPrivileges): MenuGroup[];
export {};
