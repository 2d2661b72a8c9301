import { SCRUTINY_REASONS, toLatinDigits, type ScrutinyDecision } from '@psc/core';

// spec §3 "Pre-review view", §4: an officer screens a whole queue from the keyboard. One key per
// decision, one to move on, digits to pick a standard reason, Enter to confirm and Esc to cancel.
// The map is pure so it is tested without a browser; the screen shows the same list it reads.

export type ScreeningAction =
  | { kind: 'decide'; decision: ScrutinyDecision }
  | { kind: 'next' }
  | { kind: 'nextTarget' }
  | { kind: 'wholeApplication' }
  | { kind: 'reason'; index: number }
  | { kind: 'typeRemark' }
  | { kind: 'confirm' }
  | { kind: 'cancel' };

export type ScreeningState = {
  /** The decision dialog is open. */
  dialog: boolean;
  /** The reader is the allocated officer (a supervisor reads only). */
  canDecide: boolean;
  /** The key was typed in a text field (a search box, the remark). */
  inTextField: boolean;
};

export type KeyPress = { key: string; ctrlKey?: boolean; altKey?: boolean; metaKey?: boolean };

const DECISION_KEYS: Readonly<Record<string, ScrutinyDecision>> = { a: 'approve', h: 'hold', r: 'reject', v: 'revert' };

/** What a key does in the pre-review view; null when it is not a shortcut there (left to the page). */
export function screeningAction(press: KeyPress, state: ScreeningState): ScreeningAction | null {
  // Ctrl, Alt and Meta combinations belong to the browser and the system (copy, reload...).
  if (press.ctrlKey || press.altKey || press.metaKey) return null;
  if (state.dialog) {
    if (press.key === 'Escape') return { kind: 'cancel' };
    if (press.key === 'Enter') return { kind: 'confirm' };
    if (state.inTextField) return null;
    // A Nepali keyboard layout types Devanagari digits (spec §1: normalise digits on every input).
    const digit = toLatinDigits(press.key);
    if (/^[1-9]$/.test(digit)) return { kind: 'reason', index: Number(digit) - 1 };
    if (press.key.toLowerCase() === 'm') return { kind: 'typeRemark' };
    return null;
  }
  if (state.inTextField || !state.canDecide) return null;
  const key = press.key.toLowerCase();
  const decision = DECISION_KEYS[key];
  if (decision) return { kind: 'decide', decision };
  if (key === 'n' || key === 'j') return { kind: 'next' };
  if (key === 'q') return { kind: 'nextTarget' };
  if (key === 'w') return { kind: 'wholeApplication' };
  return null;
}

/** Whether a key event was typed in a text field, where letters are text and not shortcuts. */
export function isTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement) return true;
  return target instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit'].includes(target.type);
}

/**
 * The decision target after Q: the whole application (null), then each claimed quota in turn, then
 * the whole application again.
 */
export function nextTarget(current: number | null, quotaIds: readonly number[]): number | null {
  if (quotaIds.length === 0) return null;
  if (current === null) return quotaIds[0]!;
  const index = quotaIds.indexOf(current);
  return index < 0 || index === quotaIds.length - 1 ? null : quotaIds[index + 1]!;
}

/** The shortcuts as the screen lists them: the keys, and the catalogue key of what they do. */
export const SCREENING_SHORTCUTS = [
  { keys: ['A'], label: 'screening.key.approve' },
  { keys: ['H'], label: 'screening.key.hold' },
  { keys: ['R'], label: 'screening.key.reject' },
  { keys: ['V'], label: 'screening.key.revert' },
  { keys: ['Q'], label: 'screening.key.nextTarget' },
  { keys: ['W'], label: 'screening.key.whole' },
  { keys: ['N', 'J'], label: 'screening.key.next' },
  { keys: [`1–${SCRUTINY_REASONS.length}`], label: 'screening.key.reason' },
  { keys: ['M'], label: 'screening.key.remark' },
  { keys: ['Enter'], label: 'screening.key.confirm' },
  { keys: ['Esc'], label: 'screening.key.cancel' },
] as const;
