/**
 * The spec's formatting toolbar as it looks: the editor (rich-text-editor.tsx) gives each button
 * its command, and the placeholder shown while the editor loads draws the same buttons disabled,
 * so nothing moves when the editor arrives. Kept apart from the editor so the placeholder does
 * not bring TipTap with it.
 */
export const FORMATTING_BUTTONS = [
  { label: "Bold", text: "B" },
  { label: "Italic", text: "I" },
  { label: "H1", text: "H1" },
  { label: "H2", text: "H2" },
  { label: "Bullet List", text: "• List" },
  { label: "Numbered List", text: "1. List" },
  { label: "Horizontal Rule", text: "―" },
] as const;

export type FormattingLabel = (typeof FORMATTING_BUTTONS)[number]["label"];
