import { describe, expect, it } from 'vitest';
import { nextTarget, screeningAction } from './screening-keys';

const view = { dialog: false, canDecide: true, inTextField: false };
const dialog = { dialog: true, canDecide: true, inTextField: false };

describe('the screening keys', () => {
  it('decides with A, H, R and V, moves with N or J, and picks the target with Q and W, in either case', () => {
    expect(screeningAction({ key: 'a' }, view)).toEqual({ kind: 'decide', decision: 'approve' });
    expect(screeningAction({ key: 'H' }, view)).toEqual({ kind: 'decide', decision: 'hold' });
    expect(screeningAction({ key: 'r' }, view)).toEqual({ kind: 'decide', decision: 'reject' });
    expect(screeningAction({ key: 'v' }, view)).toEqual({ kind: 'decide', decision: 'revert' });
    expect(screeningAction({ key: 'n' }, view)).toEqual({ kind: 'next' });
    expect(screeningAction({ key: 'J' }, view)).toEqual({ kind: 'next' });
    expect(screeningAction({ key: 'q' }, view)).toEqual({ kind: 'nextTarget' });
    expect(screeningAction({ key: 'w' }, view)).toEqual({ kind: 'wholeApplication' });
    expect(screeningAction({ key: 'x' }, view)).toBeNull();
    expect(screeningAction({ key: '1' }, view)).toBeNull();
  });

  it('leaves letters typed in a text field, browser combinations, and a supervisor (who reads only) alone', () => {
    expect(screeningAction({ key: 'a' }, { ...view, inTextField: true })).toBeNull();
    expect(screeningAction({ key: 'r', ctrlKey: true }, view)).toBeNull();
    expect(screeningAction({ key: 'a', metaKey: true }, view)).toBeNull();
    expect(screeningAction({ key: 'a' }, { ...view, canDecide: false })).toBeNull();
    expect(screeningAction({ key: 'n' }, { ...view, canDecide: false })).toBeNull();
  });

  it('in the dialog: digits pick a reason (Devanagari ones too), M goes to the remark, Enter confirms and Esc cancels', () => {
    expect(screeningAction({ key: '1' }, dialog)).toEqual({ kind: 'reason', index: 0 });
    expect(screeningAction({ key: '८' }, dialog)).toEqual({ kind: 'reason', index: 7 });
    expect(screeningAction({ key: '0' }, dialog)).toBeNull();
    expect(screeningAction({ key: 'm' }, dialog)).toEqual({ kind: 'typeRemark' });
    expect(screeningAction({ key: 'Enter' }, dialog)).toEqual({ kind: 'confirm' });
    expect(screeningAction({ key: 'Escape' }, dialog)).toEqual({ kind: 'cancel' });
    // A decision key does not open another dialog over this one.
    expect(screeningAction({ key: 'a' }, dialog)).toBeNull();
    // Typing the remark: digits and letters are text; Enter and Esc still confirm and cancel.
    expect(screeningAction({ key: '2' }, { ...dialog, inTextField: true })).toBeNull();
    expect(screeningAction({ key: 'm' }, { ...dialog, inTextField: true })).toBeNull();
    expect(screeningAction({ key: 'Enter' }, { ...dialog, inTextField: true })).toEqual({ kind: 'confirm' });
    expect(screeningAction({ key: 'Escape' }, { ...dialog, inTextField: true })).toEqual({ kind: 'cancel' });
  });

  it('moves the target from the whole application through each claimed quota and back', () => {
    expect(nextTarget(null, [11, 12])).toBe(11);
    expect(nextTarget(11, [11, 12])).toBe(12);
    expect(nextTarget(12, [11, 12])).toBeNull();
    expect(nextTarget(null, [])).toBeNull();
    expect(nextTarget(99, [11, 12])).toBeNull();
  });
});
