import { deferred } from "./deferred";
import { EditorPlaceholder } from "./editor-placeholder";

/**
 * RichTextEditor, loaded after the page is usable: TipTap and ProseMirror weigh more than the
 * rest of a page together. A disabled box of the same size stands in until then.
 */
export const LazyRichTextEditor = deferred(
  async () => (await import("./rich-text-editor")).RichTextEditor,
  ({ labelId }) => <EditorPlaceholder labelId={labelId} />,
);
