// The advertisement's lifecycle (spec §4 "Advertisement: has lifeCycleStatus. Actions: configure,
// publish, reject pending, pre-live publish, close, open, update number, change date"). The spec
// does not show the status values; these are ours, and this table is the only place the rule
// lives: the API refuses any action not listed for the current status, and the screens ask it
// which buttons to show.
//
//   draft --configure--> configured --pre-live--> pending --publish--> published --close--> closed
//                ^            |  ^                   |                     ^                 |
//                |            +--+ (configure again) |                     +------open-------+
//   rejected <---+---------------------reject--------+
//   rejected --configure--> configured

export const ADVERTISEMENT_STATUSES = ['draft', 'configured', 'pending', 'rejected', 'published', 'closed'] as const;
export type AdvertisementStatus = (typeof ADVERTISEMENT_STATUSES)[number];

/** Actions that move the advertisement to another status. */
export const ADVERTISEMENT_TRANSITIONS = {
  configure: { from: ['draft', 'configured', 'rejected'], to: 'configured' },
  'pre-live': { from: ['configured'], to: 'pending' },
  publish: { from: ['pending'], to: 'published' },
  reject: { from: ['pending'], to: 'rejected' },
  close: { from: ['published'], to: 'closed' },
  open: { from: ['closed'], to: 'published' },
} as const satisfies Record<string, { from: readonly AdvertisementStatus[]; to: AdvertisementStatus }>;
export type AdvertisementTransition = keyof typeof ADVERTISEMENT_TRANSITIONS;

/**
 * Actions that change the advertisement but keep its status. A closed advertisement is history:
 * nothing of it changes until it is opened again. Options candidates choose from (optional
 * subjects, exam centres) are fixed once it is published; dates and numbers may still be
 * corrected (spec change-advertisement-date, update number), and a quota may be added [AQTEA].
 */
export const ADVERTISEMENT_EDITS = {
  'change-dates': ['draft', 'configured', 'pending', 'rejected', 'published'],
  'update-number': ['draft', 'configured', 'pending', 'rejected', 'published'],
  'configure-options': ['draft', 'configured', 'rejected'],
  'add-quota': ['draft', 'configured', 'rejected', 'published'],
} as const satisfies Record<string, readonly AdvertisementStatus[]>;
export type AdvertisementEdit = keyof typeof ADVERTISEMENT_EDITS;

export type AdvertisementAction = AdvertisementTransition | AdvertisementEdit;

export function isAdvertisementTransition(action: string): action is AdvertisementTransition {
  return Object.hasOwn(ADVERTISEMENT_TRANSITIONS, action);
}

/** Whether `action` is allowed while the advertisement is `status`. */
export function canApplyAdvertisementAction(status: AdvertisementStatus, action: AdvertisementAction): boolean {
  const allowed: readonly AdvertisementStatus[] = isAdvertisementTransition(action)
    ? ADVERTISEMENT_TRANSITIONS[action].from
    : ADVERTISEMENT_EDITS[action];
  return allowed.includes(status);
}

/** The status after `action`, or null when the action is not allowed from `status`. */
export function nextAdvertisementStatus(status: AdvertisementStatus, action: AdvertisementAction): AdvertisementStatus | null {
  if (!canApplyAdvertisementAction(status, action)) return null;
  return isAdvertisementTransition(action) ? ADVERTISEMENT_TRANSITIONS[action].to : status;
}

/** Every action allowed from `status`, for the screen's buttons. */
export function allowedAdvertisementActions(status: AdvertisementStatus): AdvertisementAction[] {
  const actions = [...Object.keys(ADVERTISEMENT_TRANSITIONS), ...Object.keys(ADVERTISEMENT_EDITS)] as AdvertisementAction[];
  return actions.filter((action) => canApplyAdvertisementAction(status, action));
}

export type AdvertisementDates = {
  publishDate: string | null;
  paymentLastDate: string | null;
  lastDateForSubmission: string | null;
  doubleFeeLastDate: string | null;
  ageCutOffDate: string | null;
  reapplyFrom: string | null;
  reapplyTo: string | null;
};

export type AdvertisementDateIssue =
  | 'advertisement.datesMissing'
  | 'advertisement.paymentBeforePublish'
  | 'advertisement.submissionBeforePayment'
  | 'advertisement.doubleFeeBeforeSubmission'
  | 'advertisement.reapplyWindowInvalid';

/**
 * Spec §3 Advertisement dates, in order: published, then the voucher (payment) deadline, then the
 * last date for submission, then the double-fee last date (spec §4 deadline rule). ISO dates
 * compare as strings. `requireAll` is for publishing: a notice goes out with every date set.
 */
export function checkAdvertisementDates(dates: AdvertisementDates, requireAll: boolean): AdvertisementDateIssue[] {
  const issues: AdvertisementDateIssue[] = [];
  const { publishDate, paymentLastDate, lastDateForSubmission, doubleFeeLastDate, ageCutOffDate, reapplyFrom, reapplyTo } = dates;
  if (requireAll && (!publishDate || !paymentLastDate || !lastDateForSubmission || !doubleFeeLastDate || !ageCutOffDate)) {
    issues.push('advertisement.datesMissing');
  }
  if (publishDate && paymentLastDate && paymentLastDate < publishDate) issues.push('advertisement.paymentBeforePublish');
  if (paymentLastDate && lastDateForSubmission && lastDateForSubmission < paymentLastDate) issues.push('advertisement.submissionBeforePayment');
  if (lastDateForSubmission && doubleFeeLastDate && doubleFeeLastDate < lastDateForSubmission) issues.push('advertisement.doubleFeeBeforeSubmission');
  if ((reapplyFrom === null) !== (reapplyTo === null) || (reapplyFrom && reapplyTo && reapplyTo < reapplyFrom)) {
    issues.push('advertisement.reapplyWindowInvalid');
  }
  return issues;
}
