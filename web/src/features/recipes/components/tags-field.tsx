import { RECIPE_TAG_MAX_LENGTH, RECIPE_TAGS_MAX } from "@potluck/contract/limits";
import { useState } from "react";
import { deferred } from "../../../components/deferred";
import { SelectPlaceholder } from "../../../components/select-placeholder";
import { t } from "../../../lib/i18n";
import { addTag, tagProblem } from "../tags-times";

// react-select is a third of a page: the picker arrives after the form is usable.
const TagPicker = deferred(
  async () => (await import("./tag-picker-select")).TagPickerSelect,
  ({ inputId }) => <SelectPlaceholder inputId={inputId} />,
);

/**
 * The recipe's tags: chips with a remove button, and a picker that suggests the tags in use
 * and adds new ones. The contract's limits (30 characters, 20 tags) are said before the
 * server would refuse; the server's own refusal (`serverErrors`) shows under the field too.
 */
export function TagsField({
  tags,
  onChange,
  serverErrors,
}: {
  tags: string[];
  onChange: (tags: string[]) => void;
  serverErrors?: string[];
}) {
  const inputId = "recipe-tags";
  const [problem, setProblem] = useState<string | null>(null);
  const messages = [problem, ...(serverErrors ?? [])].filter((text): text is string => !!text);
  const full = tags.length >= RECIPE_TAGS_MAX;

  const onAdd = (typed: string) => {
    const refused = tagProblem(typed, tags);
    setProblem(refused);
    if (!refused) onChange(addTag(tags, typed));
  };

  return (
    <div className="field recipe-tags">
      <label htmlFor={inputId}>{t("recipes.tags.label")}</label>
      {tags.length > 0 && (
        <ul className="tag-chips" aria-label={t("recipes.tags.chosen")}>
          {tags.map((tag) => (
            <li key={tag} className="tag-chip">
              <span>{tag}</span>
              <button
                type="button"
                className="tag-chip-remove"
                aria-label={t("recipes.tags.remove", { tag })}
                onClick={() => {
                  setProblem(null);
                  onChange(tags.filter((one) => one !== tag));
                }}
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <TagPicker
        inputId={inputId}
        tags={tags}
        onAdd={onAdd}
        invalid={messages.length > 0}
        errorId={messages.length > 0 ? `${inputId}-error` : undefined}
      />
      <p className="hint" id={`${inputId}-hint`}>
        {full
          ? t("recipes.tags.full", { max: RECIPE_TAGS_MAX })
          : t("recipes.tags.hint", {
              max: RECIPE_TAGS_MAX,
              length: RECIPE_TAG_MAX_LENGTH,
              count: tags.length,
            })}
      </p>
      {messages.length > 0 && (
        <p className="field-error" id={`${inputId}-error`} role="alert">
          {messages.join(" ")}
        </p>
      )}
    </div>
  );
}
