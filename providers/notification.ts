import { useEffect, type ReactNode } from 'react';
import { notification as staticNotification } from 'antd';
import type { NotificationProvider } from '@refinedev/core';

type NotificationApi = Pick<typeof staticNotification, 'open' | 'destroy'>;

/** Spec 000 §9: toasts top-right, 3 seconds; notifications 5 seconds. Both can be closed by hand. */
export const TOAST_SECONDS = 3;
export const NOTIFICATION_SECONDS = 5;
const PLACEMENT = 'topRight' as const;
/** Below the console's header bar, so the account menu stays reachable. */
export const TOAST_TOP = 64;

staticNotification.config({ placement: PLACEMENT, top: TOAST_TOP });
let api: NotificationApi = staticNotification;

export type ToastKind = 'success' | 'info' | 'warning' | 'error';

/**
 * A short message in the top-right corner. The same text shown twice in a row replaces itself instead of
 * stacking (several failing calls at once give one toast).
 */
export function toast(kind: ToastKind, text: string, seconds = TOAST_SECONDS): void {
  api.open({ key: `${kind}:${text}`, type: kind, message: text, placement: PLACEMENT, duration: seconds });
}

/** A notification with a title and a description. */
export function notify(kind: ToastKind, title: string, description?: string): void {
  api.open({ type: kind, message: title, description, placement: PLACEMENT, duration: NOTIFICATION_SECONDS });
}

/**
 * The toasts' host, for the whole site: a holder that renders them inside the theme and locale (antd's static
 * methods cannot), whose API `toast`, `notify` and Refine's notification provider all use, so that they stack as one.
 */
export function useToastHost(): ReactNode {
  const [hosted, holder] = staticNotification.useNotification({ placement: PLACEMENT, top: TOAST_TOP, duration: NOTIFICATION_SECONDS });
  useEffect(() => {
    api = hosted;
  }, [hosted]);
  return holder;
}

/** Refine's notification provider: the same toasts. */
export const notificationProvider: NotificationProvider = {
  open: ({ key, message, description, type }) => {
    const kind: ToastKind = type === 'progress' ? 'info' : type;
    api.open({ key, type: kind, message, description, placement: PLACEMENT, duration: description ? NOTIFICATION_SECONDS : TOAST_SECONDS });
  },
  close: (key) => api.destroy(key),
};
