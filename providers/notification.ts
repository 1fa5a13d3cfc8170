import { useEffect, useState, type ReactNode } from 'react';
import { notification as staticNotification } from 'antd';
import type { NotificationProvider } from '@refinedev/core';
import { currentToastTop, pausesOnHover, TOAST_TOP } from './toastPlacement';

type NotificationApi = Pick<typeof staticNotification, 'open' | 'destroy'>;

/** Spec 000 §9: toasts top-right, 3 seconds; notifications 5 seconds. Both can be closed by hand. */
export const TOAST_SECONDS = 3;
export const NOTIFICATION_SECONDS = 5;
const PLACEMENT = 'topRight' as const;

staticNotification.config({ placement: PLACEMENT, top: TOAST_TOP });
let api: NotificationApi = staticNotification;
/** Moves the toasts' top (see ./toastPlacement); the host's once it shows. */
let placeAt: (top: number) => void = (top) => staticNotification.config({ top });

type OpenArgs = Parameters<NotificationApi['open']>[0];

/** Opens a toast clear of the page's header and its actions, as the page shows now. */
function show(args: OpenArgs & { type: ToastKind }): void {
  placeAt(currentToastTop());
  api.open({ placement: PLACEMENT, pauseOnHover: pausesOnHover(args.type), ...args });
}

export type ToastKind = 'success' | 'info' | 'warning' | 'error';

/**
 * A short message in the top-right corner. The same text shown twice in a row replaces itself instead of
 * stacking (several failing calls at once give one toast).
 */
export function toast(kind: ToastKind, text: string, seconds = TOAST_SECONDS): void {
  show({ key: `${kind}:${text}`, type: kind, message: text, duration: seconds });
}

/** A notification with a title and a description. */
export function notify(kind: ToastKind, title: string, description?: string): void {
  show({ type: kind, message: title, description, duration: NOTIFICATION_SECONDS });
}

/**
 * The toasts' host, for the whole site: a holder that renders them inside the theme and locale (antd's static
 * methods cannot), whose API `toast`, `notify` and Refine's notification provider all use, so that they stack as one.
 */
export function useToastHost(): ReactNode {
  const [top, setTop] = useState(TOAST_TOP);
  const [hosted, holder] = staticNotification.useNotification({ placement: PLACEMENT, top, duration: NOTIFICATION_SECONDS });
  useEffect(() => {
    api = hosted;
    placeAt = setTop;
  }, [hosted]);
  return holder;
}

/** Refine's notification provider: the same toasts. */
export const notificationProvider: NotificationProvider = {
  open: ({ key, message, description, type }) => {
    const kind: ToastKind = type === 'progress' ? 'info' : type;
    show({ key, type: kind, message, description, duration: description ? NOTIFICATION_SECONDS : TOAST_SECONDS });
  },
  close: (key) => api.destroy(key),
};
