/** The content feature's public module (browser and server): its admin resources. */
export { contentBlocksResource, guidesResource, pagesResource } from "./resources";
// The section editor, for the admin's resource pages and the blog's resource.
export { contentEditorShape, contentRules, storedContent } from "./editor/schema";
export { editorStateOf } from "./editor/form-values";
export { LivePreview } from "./editor/LivePreview";
export { previewContent } from "./editor/model";
export { SectionEditor } from "./editor/SectionEditor";
