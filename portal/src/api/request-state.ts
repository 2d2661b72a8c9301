import { create } from 'zustand';
import { HIDE_MESSAGE_DELAY_MS } from '../config';
import type { ApiResult } from './request';

// spec §3 "Client request state" and §4 "Request cycle": every call goes through in progress,
// then success or failure, then a hide-message signal 2 s later, plus a reset. One store, keyed
// by call name, holds that state for every call the portal makes.

export type RequestStatus = 'idle' | 'inProgress' | 'success' | 'failure';

export type RequestState<T = unknown> = {
  status: RequestStatus;
  isFetching: boolean;
  isFailed: boolean;
  data: T | null;
  message: string;
  showMessage: boolean;
};

export const IDLE_REQUEST_STATE: RequestState<never> = Object.freeze({
  status: 'idle',
  isFetching: false,
  isFailed: false,
  data: null,
  message: '',
  showMessage: false,
});

type RequestStore = {
  calls: Record<string, RequestState>;
  begin(name: string): void;
  settle(name: string, result: ApiResult<unknown>): void;
  hideMessage(name: string): void;
  reset(name: string): void;
  resetAll(): void;
};

export const useRequestStore = create<RequestStore>()((set) => ({
  calls: {},
  begin: (name) =>
    set((state) => {
      const previous = state.calls[name] ?? IDLE_REQUEST_STATE;
      // Earlier data stays visible while it is fetched again (slow connections, spec §1).
      return { calls: { ...state.calls, [name]: { ...previous, status: 'inProgress', isFetching: true, isFailed: false, showMessage: false } } };
    }),
  settle: (name, result) =>
    set((state) => {
      const previous = state.calls[name] ?? IDLE_REQUEST_STATE;
      const next: RequestState = result.ok
        ? { status: 'success', isFetching: false, isFailed: false, data: result.data, message: result.message, showMessage: true }
        : { status: 'failure', isFetching: false, isFailed: true, data: previous.data, message: result.message, showMessage: true };
      return { calls: { ...state.calls, [name]: next } };
    }),
  hideMessage: (name) =>
    set((state) => {
      const current = state.calls[name];
      if (!current) return state;
      return { calls: { ...state.calls, [name]: { ...current, showMessage: false } } };
    }),
  reset: (name) =>
    set((state) => {
      const { [name]: _removed, ...rest } = state.calls;
      return { calls: rest };
    }),
  resetAll: () => set({ calls: {} }),
}));

const hideTimers = new Map<string, ReturnType<typeof setTimeout>>();

/** Runs one call and records its cycle under `name`; resolves with the call's own result. */
export async function trackRequest<T>(name: string, run: () => Promise<ApiResult<T>>): Promise<ApiResult<T>> {
  const store = useRequestStore.getState();
  clearTimeout(hideTimers.get(name));
  store.begin(name);
  const result = await run();
  useRequestStore.getState().settle(name, result);
  hideTimers.set(
    name,
    setTimeout(() => {
      hideTimers.delete(name);
      useRequestStore.getState().hideMessage(name);
    }, HIDE_MESSAGE_DELAY_MS),
  );
  return result;
}

/** Clears every call's state (spec §4: logging out resets the whole stored state). */
export function resetAllRequestState(): void {
  for (const timer of hideTimers.values()) clearTimeout(timer);
  hideTimers.clear();
  useRequestStore.getState().resetAll();
}

export function useRequestState<T>(name: string): RequestState<T> {
  return useRequestStore((state) => (state.calls[name] ?? IDLE_REQUEST_STATE) as RequestState<T>);
}
