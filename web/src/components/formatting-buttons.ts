import { t } from "../lib/i18n";

/**
 * The spec's formatting toolbar as it looks: the editor (rich-text-editor.tsx) gives each button
 * its command, and the placeholder shown while the editor loads draws the same buttons disabled,
 * so nothing moves when the editor arrives. Kept apart from the editor so the placeholder does
 * not bring TipTap with it. `id` names the command; `label` and `text` are what the cook reads.
 */
export const FORMATTING_IDS = [
  "Bold",
  "Italic",
  "H1",
  "H2",
  "Bullet List",
  "Numbered List",
  "Horizontal Rule",
] as const;

export type FormattingLabel = (typeof FORMATTING_IDS)[number];

/** The buttons in the reader's language (called at render: the catalogue is loaded by then). */
export function formattingButtons(): { id: FormattingLabel; label: string; text: string }[] {
  return [
    {
      id: "Bold",
      label: t("components.formatting.bold"),
      text: t("components.formatting.boldText"),
    },
    {
      id: "Italic",
      label: t("components.formatting.italic"),
      text: t("components.formatting.italicText"),
    },
    {
      id: "H1",
      label: t("components.formatting.heading1"),
      text: t("components.formatting.heading1Text"),
    },
    {
      id: "H2",
      label: t("components.formatting.heading2"),
      text: t("components.formatting.heading2Text"),
    },
    {
      id: "Bullet List",
      label: t("components.formatting.bulletList"),
      text: t("components.formatting.bulletListText"),
    },
    {
      id: "Numbered List",
      label: t("components.formatting.numberedList"),
      text: t("components.formatting.numberedListText"),
    },
    { id: "Horizontal Rule", label: t("components.formatting.horizontalRule"), text: "―" },
  ];
}
