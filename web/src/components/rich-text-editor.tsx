import {
  isBlankHtml,
  RICH_TEXT_ELEMENTS,
  RICH_TEXT_HEADING_LEVELS,
  type RichTextElement,
} from "@potluck/contract/rich-text";
import { type Editor, EditorContent, useEditor, useEditorState } from "@tiptap/react";
import StarterKit, { type StarterKitOptions } from "@tiptap/starter-kit";
import { t } from "../lib/i18n";
import { FORMATTING_IDS, type FormattingLabel, formattingButtons } from "./formatting-buttons";

/** StarterKit's marks and nodes: each is on only when rich text may hold it. */
const STARTER_KIT_ELEMENTS = [
  "blockquote",
  "bold",
  "bulletList",
  "code",
  "codeBlock",
  "hardBreak",
  "heading",
  "horizontalRule",
  "italic",
  "link",
  "listItem",
  "orderedList",
  "paragraph",
  "strike",
  "underline",
] as const;

const allowed = (name: string): name is RichTextElement => name in RICH_TEXT_ELEMENTS;

/**
 * Only what the server keeps (contract/src/rich-text.ts). The rest of StarterKit is switched
 * off so neither the toolbar nor a typed shortcut ("> ", "```") makes something that would
 * vanish.
 */
export const EDITOR_EXTENSIONS = [
  StarterKit.configure({
    ...Object.fromEntries(
      STARTER_KIT_ELEMENTS.filter((name) => !allowed(name)).map((name) => [name, false]),
    ),
    heading: { levels: [...RICH_TEXT_HEADING_LEVELS] },
    undoRedo: { depth: 100, newGroupDelay: 500 },
  } satisfies Partial<StarterKitOptions>),
];

interface FormattingCommand {
  run: (editor: Editor) => void;
  /** Toggles report their state with aria-pressed; a one-off action (the rule) does not. */
  isActive?: (editor: Editor) => boolean;
}

const COMMANDS: Record<FormattingLabel, FormattingCommand> = {
  Bold: { run: (e) => e.chain().focus().toggleBold().run(), isActive: (e) => e.isActive("bold") },
  Italic: {
    run: (e) => e.chain().focus().toggleItalic().run(),
    isActive: (e) => e.isActive("italic"),
  },
  H1: {
    run: (e) => e.chain().focus().toggleHeading({ level: 1 }).run(),
    isActive: (e) => e.isActive("heading", { level: 1 }),
  },
  H2: {
    run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run(),
    isActive: (e) => e.isActive("heading", { level: 2 }),
  },
  "Bullet List": {
    run: (e) => e.chain().focus().toggleBulletList().run(),
    isActive: (e) => e.isActive("bulletList"),
  },
  "Numbered List": {
    run: (e) => e.chain().focus().toggleOrderedList().run(),
    isActive: (e) => e.isActive("orderedList"),
  },
  "Horizontal Rule": { run: (e) => e.chain().focus().setHorizontalRule().run() },
};

const toolbar = () => formattingButtons().map((button) => ({ ...button, ...COMMANDS[button.id] }));

/**
 * A TipTap rich-text field with the spec's toolbar. `labelId` names the editable area (it is
 * not a form control, so a <label for> cannot). `onChange` gets the HTML and whether it is blank.
 * Heavy: pages render it through lazy-rich-text-editor.tsx, after they are usable.
 */
export function RichTextEditor({
  labelId,
  initialHtml,
  onChange,
  describedBy,
}: {
  labelId: string;
  initialHtml: string;
  onChange: (html: string, blank: boolean) => void;
  describedBy?: string;
}) {
  const changed = (current: Editor) => {
    const html = current.getHTML();
    onChange(html, isBlankHtml(html));
  };
  const editor = useEditor({
    extensions: EDITOR_EXTENSIONS,
    content: initialHtml,
    editorProps: {
      attributes: {
        role: "textbox",
        "aria-multiline": "true",
        "aria-labelledby": labelId,
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
        class: "rich-text rich-text-editable",
      },
    },
    onCreate: ({ editor: created }) => changed(created),
    onUpdate: ({ editor: updated }) => changed(updated),
  });
  return (
    <div className="rich-text-editor">
      <FormattingToolbar editor={editor} />
      <EditorContent editor={editor} />
    </div>
  );
}

/** The spec's toolbar (Bold, Italic, H1, H2, Bullet List, Numbered List, Horizontal Rule). */
export function FormattingToolbar({
  editor,
  label = t("components.formatting.toolbar"),
}: {
  editor: Editor | null;
  label?: string;
}) {
  const active = useEditorState({
    editor,
    selector: ({ editor: current }) =>
      FORMATTING_IDS.map((id) => {
        const isActive = COMMANDS[id].isActive;
        return current && isActive ? isActive(current) : false;
      }),
  });
  return (
    <div className="rich-text-toolbar" role="toolbar" aria-label={label}>
      {toolbar().map((button, index) => (
        <button
          key={button.id}
          type="button"
          className="toolbar-button"
          aria-label={button.label}
          title={button.label}
          aria-pressed={button.isActive ? (active?.[index] ?? false) : undefined}
          disabled={!editor}
          // Pressing must not take the focus from the text: a blurred editor takes a moment
          // to get it back, and the first letter typed after Bold would be lost meanwhile.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => editor && button.run(editor)}
        >
          <span aria-hidden="true">{button.text}</span>
        </button>
      ))}
    </div>
  );
}
