/** A toast, shown by the Toaster; flashed by the server or raised in the browser. */
export interface Toast {
  id: string;
  type: "success" | "error" | "info";
  title: string;
  description?: string;
}

export type ToastInput = Omit<Toast, "id" | "type"> & Partial<Pick<Toast, "id" | "type">>;

export function toToast(input: ToastInput): Toast {
  return {
    id: input.id ?? Math.random().toString(36).slice(2),
    type: input.type ?? "success",
    title: input.title,
    description: input.description,
  };
}
