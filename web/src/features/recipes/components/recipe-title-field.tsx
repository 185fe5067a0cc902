import { RECIPE_TITLE_MAX } from "@potluck/contract/limits";
import { t } from "../../../lib/i18n";

/** The title's length shows from this share of the limit on. */
const TITLE_COUNT_FROM = 0.8;

/** The recipe's title, with its length under it as it nears the limit. */
export function RecipeTitleField({
  value,
  onChange,
}: {
  value: string;
  onChange: (value: string) => void;
}) {
  const showCount = value.length >= RECIPE_TITLE_MAX * TITLE_COUNT_FROM;
  return (
    <div className="field">
      <label htmlFor="recipe-title">{t("recipes.title.label")}</label>
      <input
        id="recipe-title"
        type="text"
        required
        maxLength={RECIPE_TITLE_MAX}
        aria-describedby={showCount ? "recipe-title-count" : undefined}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      {showCount && <TitleCount length={value.length} />}
    </div>
  );
}

/** "180/200" under the title as it nears the limit; at the limit, says so. */
function TitleCount({ length }: { length: number }) {
  const full = length >= RECIPE_TITLE_MAX;
  return (
    <p
      className={full ? "hint char-count char-count-full" : "hint char-count"}
      id="recipe-title-count"
    >
      {length}/{RECIPE_TITLE_MAX}
      {full && <span role="status"> {t("recipes.title.full")}</span>}
    </p>
  );
}
