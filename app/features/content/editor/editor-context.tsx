/**
 * What every part of one section editor shares, given once by SectionEditor
 * instead of passed down through each section's fields: the errors, the
 * action buttons' handler and the media library with its uploads.
 */
import { createContext, useContext, type MouseEvent } from "react";
import type { LibraryImage } from "~/components/ui/LibraryPicker";

/** Errors by field name (conform's `form.allErrors`). */
export type Errors = (name: string) => string[] | undefined;

export interface EditorContextValue {
  errors: Errors;
  /** Runs an action button's intent at once (with JavaScript); without it the button submits the form. */
  onAction: (event: MouseEvent<HTMLButtonElement>) => void;
  /** The media library's images, this page's uploads first. */
  library: LibraryImage[];
  /** Where the script uploads an image (JSON answer); without it, or without JavaScript, Upload sends the form. */
  uploadUrl?: string;
  /** An image uploaded from this page: offered first and announced. */
  onUploaded: (image: LibraryImage) => void;
}

const EditorContext = createContext<EditorContextValue | null>(null);

export const EditorProvider = EditorContext.Provider;

export function useEditor(): EditorContextValue {
  const editor = useContext(EditorContext);
  if (!editor) throw new Error("A section editor's fields are drawn inside <SectionEditor>.");
  return editor;
}
