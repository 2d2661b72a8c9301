// Portal-wide constants in one place (spec §9) and the portal's OAuth client.

/** Every call goes to the gateway under this prefix (spec §7). */
export const API_BASE = '/api';

/**
 * The candidate portal's OAuth client (DESIGN "Auth"). A browser cannot keep a secret: this pair
 * only tells the API which front end is calling, so it may be shipped in the bundle.
 */
export const PORTAL_CLIENT = { id: 'candidate-portal', secret: 'candidate-portal-secret' } as const;

/** spec §9 */
export const REQUEST_TIMEOUT_MS = 180_000;
/** spec §9: the request state's showMessage flag drops this long after completion. */
export const HIDE_MESSAGE_DELAY_MS = 2_000;
/** spec §8/§9: identical toasts within this window are shown once. */
export const TOAST_DEDUPE_MS = 500;
/** spec §9 */
export const TOAST_DURATION_MS = 4_000;
/** spec §9 */
export const TOAST_MAX_VISIBLE = 6;
/** spec §8: "Your session has expired." at most once per this window. */
export const SESSION_EXPIRED_GUARD_MS = 500;

/** Signing out first lets requests already on the way get their answers, for at most this long. */
export const SIGN_OUT_SETTLE_MS = 5_000;

/** spec §5 / §9: profile completeness is shown as x of 8 sections. */
export const PROFILE_SECTION_COUNT = 8;

/** localStorage keys owned by the portal. */
export const STORAGE_KEYS = {
  language: 'psc.portal.language',
  session: 'psc.portal.session',
} as const;
