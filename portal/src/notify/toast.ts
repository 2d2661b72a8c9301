import type { notification } from 'antd';
import { TOAST_DEDUPE_MS } from '../config';
import { createToastGuard, type ToastKind } from './toast-guard';

// The one place toasts are raised. Placement, 4000 ms auto-close and the 6-toast cap are set where
// antd's notification hook is created (antd-frame.tsx, spec §2/§9); the dedupe guard lives here.

type NotificationInstance = ReturnType<typeof notification.useNotification>[0];

const shouldShow = createToastGuard(TOAST_DEDUPE_MS, () => Date.now());
let notificationApi: NotificationInstance | null = null;
const pending: { kind: ToastKind; message: string }[] = [];
// Told when a toast waits for the host, which is loaded lazily with antd (app.tsx).
let hostWanted: (() => void) | null = null;

/** Calls `callback` when a toast waits for the host (at once if one already does); returns the undo. */
export function onToastWaiting(callback: () => void): () => void {
  hostWanted = callback;
  if (pending.length > 0) callback();
  return () => {
    if (hostWanted === callback) hostWanted = null;
  };
}

function display(api: NotificationInstance, kind: ToastKind, message: string): void {
  api[kind]({ title: message, role: kind === 'error' ? 'alert' : 'status' });
}

/** Called by the toast host in antd-frame.tsx, which owns antd's context-aware API. */
export function bindNotificationApi(api: NotificationInstance | null): void {
  notificationApi = api;
  if (!api) return;
  for (const toast of pending.splice(0)) display(api, toast.kind, toast.message);
}

export function showToast(kind: ToastKind, message: string): void {
  if (!message || !shouldShow(kind, message)) return;
  if (notificationApi) display(notificationApi, kind, message);
  else {
    pending.push({ kind, message });
    hostWanted?.();
  }
}
