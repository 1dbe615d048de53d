/**
 * Toasts raised in the browser (after a fetcher call), shown by the same
 * Toaster as the server's flash toasts. The Toaster is a deferred part of the
 * page (components/deferred.tsx): a toast raised before it listens waits in
 * `pending` and is shown when it arrives.
 */
import type { ToastInput } from "./toast";

const TOAST_EVENT = "app:toast";

const pending: ToastInput[] = [];
let listening = false;

export function showToast(toast: ToastInput): void {
  if (!listening) {
    pending.push(toast);
    return;
  }
  window.dispatchEvent(new CustomEvent<ToastInput>(TOAST_EVENT, { detail: toast }));
}

/** For the Toaster: listen, receive what was raised before, and stop. */
export function listenForToasts(onToast: (toast: ToastInput) => void): () => void {
  const listener = (event: Event) => onToast((event as CustomEvent<ToastInput>).detail);
  window.addEventListener(TOAST_EVENT, listener);
  listening = true;
  for (const toast of pending.splice(0)) onToast(toast);
  return () => {
    window.removeEventListener(TOAST_EVENT, listener);
    listening = false;
  };
}
