import type { PortalMessageKey } from '../i18n/ne';

/** The candidate menu (spec §2 routes without parameters), in the order a candidate needs them. */
export const NAV_ITEMS: readonly { path: string; label: PortalMessageKey }[] = [
  { path: '/home', label: 'nav.home' },
  { path: '/user/profile', label: 'nav.profile' },
  { path: '/vacancy', label: 'nav.vacancy' },
  { path: '/organization/vacancy', label: 'nav.organizationVacancy' },
  { path: '/promotion/vacancy', label: 'nav.promotionVacancy' },
  { path: '/vacancy-applied', label: 'nav.myApplications' },
  { path: '/vacancy-applied/approved', label: 'nav.approvedApplications' },
  { path: '/vacancy-applied/promotion', label: 'nav.promotionApplications' },
  { path: '/vacancy-applied/results', label: 'nav.results' },
  // spec §2: the published written and final lists; a public page, reached from the menu too.
  { path: '/results/published', label: 'publishedResults.title' },
  { path: '/vacancy-applied/download/certificate', label: 'nav.certificate' },
  { path: '/vacancy-applied/download/old-admit-card', label: 'nav.oldAdmitCard' },
  { path: '/ebp-code-verification', label: 'nav.ebpVerification' },
  { path: '/ebp-code-local-verification', label: 'nav.ebpLocalVerification' },
  { path: '/change/password', label: 'nav.changePassword' },
  { path: '/deactivate-account', label: 'nav.deactivateAccount' },
];
