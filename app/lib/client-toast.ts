/**
 * Toasts raised in the browser (after a fetcher call), shown by the same
 * Toaster as the server's flash toasts.
 */
import type { ToastInput } from "./toast";

export const TOAST_EVENT = "app:toast";

export function showToast(toast: ToastInput): void {
  window.dispatchEvent(new CustomEvent<ToastInput>(TOAST_EVENT, { detail: toast }));
}
