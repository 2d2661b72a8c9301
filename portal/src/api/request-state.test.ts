import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HIDE_MESSAGE_DELAY_MS } from '../config';
import type { ApiResult } from './request';
import { IDLE_REQUEST_STATE, resetAllRequestState, trackRequest, useRequestStore } from './request-state';

const stateOf = (name: string) => useRequestStore.getState().calls[name] ?? IDLE_REQUEST_STATE;

describe('request state (spec §3, §4)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    resetAllRequestState();
    vi.useRealTimers();
  });

  it('goes through in progress, success, and hides the message 2000 ms later', async () => {
    let finish: (value: ApiResult<number>) => void = () => {};
    const running = trackRequest('demo', () => new Promise<ApiResult<number>>((resolve) => (finish = resolve)));
    expect(stateOf('demo')).toMatchObject({ status: 'inProgress', isFetching: true, isFailed: false, showMessage: false });
    finish({ ok: true, httpStatus: 200, message: 'Done', data: 7 });
    await running;
    expect(stateOf('demo')).toEqual({ status: 'success', isFetching: false, isFailed: false, data: 7, message: 'Done', showMessage: true });
    vi.advanceTimersByTime(HIDE_MESSAGE_DELAY_MS - 1);
    expect(stateOf('demo').showMessage).toBe(true);
    vi.advanceTimersByTime(1);
    expect(stateOf('demo').showMessage).toBe(false);
    expect(stateOf('demo').data).toBe(7);
  });

  it('records a failure and keeps the data of the last success', async () => {
    await trackRequest('demo', async () => ({ ok: true as const, httpStatus: 200, message: '', data: 'old' }));
    await trackRequest('demo', async () => ({ ok: false as const, httpStatus: 409, code: 'CONFLICT', message: 'Already exists' }));
    expect(stateOf('demo')).toMatchObject({ status: 'failure', isFailed: true, data: 'old', message: 'Already exists', showMessage: true });
  });

  it('resets one call or all of them', async () => {
    await trackRequest('a', async () => ({ ok: true as const, httpStatus: 200, message: '', data: 1 }));
    await trackRequest('b', async () => ({ ok: true as const, httpStatus: 200, message: '', data: 2 }));
    useRequestStore.getState().reset('a');
    expect(stateOf('a')).toBe(IDLE_REQUEST_STATE);
    expect(stateOf('b').data).toBe(2);
    resetAllRequestState();
    expect(useRequestStore.getState().calls).toEqual({});
    // A pending hide timer must not bring a reset call back.
    vi.advanceTimersByTime(HIDE_MESSAGE_DELAY_MS);
    expect(useRequestStore.getState().calls).toEqual({});
  });
});
