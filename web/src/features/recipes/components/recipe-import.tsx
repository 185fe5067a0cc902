import type { RecipeDraft } from "@potluck/contract";
import { type FormEvent, useId, useState } from "react";
import { Disclosure } from "../../../components/disclosure";
import { reasonOf } from "../../../lib/api-client";
import { t } from "../../../lib/i18n";
import { useImportRecipe } from "../api/import-recipe";

/**
 * 'Import from a link' above a new recipe's form: the server reads the page's recipe into a
 * draft that fills the form; nothing is saved until Create Recipe. Sites that refuse robots
 * can be pasted instead ('Or paste the page').
 */
export function RecipeImport({ onDraft }: { onDraft: (draft: RecipeDraft) => void }) {
  const read = useImportRecipe();
  const [url, setUrl] = useState("");
  const [html, setHtml] = useState("");
  const hintId = useId();

  const submit = (event: FormEvent, body: { url?: string; html?: string }) => {
    event.preventDefault();
    read.mutate(body, { onSuccess: onDraft });
  };

  return (
    <section className="card recipe-import" aria-labelledby={`${hintId}-title`}>
      <h2 id={`${hintId}-title`}>{t("recipes.import.title")}</h2>
      <form className="recipe-import-row" onSubmit={(event) => submit(event, { url: url.trim() })}>
        <div className="field">
          <label htmlFor={`${hintId}-url`}>{t("recipes.import.urlLabel")}</label>
          <input
            id={`${hintId}-url`}
            type="url"
            inputMode="url"
            placeholder="https://…"
            value={url}
            aria-describedby={hintId}
            onChange={(event) => setUrl(event.target.value)}
          />
        </div>
        <button type="submit" className="btn btn-outline" disabled={!url.trim() || read.isPending}>
          {read.isPending ? t("recipes.import.importing") : t("recipes.import.submit")}
        </button>
      </form>
      <p className="hint" id={hintId}>
        {t("recipes.import.hint")}
      </p>
      <Disclosure className="recipe-import-paste" label={t("recipes.import.pasteToggle")}>
        <form onSubmit={(event) => submit(event, { html, url: url.trim() || undefined })}>
          <div className="field">
            <label htmlFor={`${hintId}-html`}>{t("recipes.import.htmlLabel")}</label>
            <textarea
              id={`${hintId}-html`}
              rows={5}
              value={html}
              onChange={(event) => setHtml(event.target.value)}
            />
          </div>
          <button
            type="submit"
            className="btn btn-outline"
            disabled={!html.trim() || read.isPending}
          >
            {t("recipes.import.pasteSubmit")}
          </button>
        </form>
      </Disclosure>
      {read.isError && (
        <p className="field-error" role="alert">
          {t("recipes.import.failed", { reason: reasonOf(read.error) })}
        </p>
      )}
    </section>
  );
}
