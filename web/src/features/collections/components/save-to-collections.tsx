import { useRef, useState } from "react";
import { Link } from "react-router";
import { Modal } from "../../../components/modal";
import { reasonOf } from "../../../lib/api-client";
import { t } from "../../../lib/i18n";
import { useCreateCollection } from "../api/create-collection";
import { useCollections } from "../api/get-collections";
import { useSetRecipeInCollection } from "../api/set-recipe-in-collection";
import { nameErrorOf, recipeCountText } from "../name-error";
import { CollectionNameForm } from "./collection-name-form";

/**
 * 'Save' on a recipe's page: a small panel of the cook's collections as checkboxes (ticking puts
 * the recipe in, unticking takes it out, at once) and a line to make a new collection, which
 * gets the recipe. `inCollections` is the recipe detail's; `onChange` tells the page the new
 * set, so the detail it holds stays right.
 */
export function SaveToCollections({
  recipeId,
  recipeTitle,
  inCollections,
  onChange,
}: {
  recipeId: number;
  recipeTitle: string;
  inCollections: number[];
  onChange: (ids: number[]) => void;
}) {
  const [open, setOpen] = useState(false);
  const saved = inCollections.length > 0;
  return (
    <>
      <button
        type="button"
        className="btn btn-outline btn-small"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        {saved ? t("collections.save.saved") : t("collections.save.save")}
      </button>
      {open && (
        <Modal title={t("collections.save.title")} onClose={() => setOpen(false)}>
          <SavePanel
            recipeId={recipeId}
            recipeTitle={recipeTitle}
            inCollections={inCollections}
            onChange={onChange}
          />
          <button type="button" className="btn btn-secondary" onClick={() => setOpen(false)}>
            {t("collections.save.done")}
          </button>
        </Modal>
      )}
    </>
  );
}

function SavePanel({
  recipeId,
  recipeTitle,
  inCollections,
  onChange,
}: {
  recipeId: number;
  recipeTitle: string;
  inCollections: number[];
  onChange: (ids: number[]) => void;
}) {
  const collections = useCollections();
  const toggle = useSetRecipeInCollection();
  const create = useCreateCollection();
  // Ticked at once; a failed call unticks again and says so.
  const [inside, setInside] = useState(() => new Set(inCollections));
  // The set as of the last toggle, for a failure that arrives after later toggles.
  const latest = useRef(inside);
  const [error, setError] = useState<string | null>(null);

  const apply = (collectionId: number, value: boolean) => {
    const next = new Set(latest.current);
    if (value) next.add(collectionId);
    else next.delete(collectionId);
    latest.current = next;
    setInside(next);
    onChange([...next].sort((a, b) => a - b));
  };

  const onToggle = (collectionId: number, value: boolean) => {
    setError(null);
    apply(collectionId, value);
    toggle.mutate(
      { collectionId, recipeId, inside: value },
      {
        onError: (failure) => {
          apply(collectionId, !value);
          setError(
            value
              ? t("collections.save.saveFailed", { reason: reasonOf(failure) })
              : t("collections.save.removeFailed", { reason: reasonOf(failure) }),
          );
        },
      },
    );
  };

  const all = collections.data ?? [];
  return (
    <div className="save-panel">
      <p className="muted">{recipeTitle}</p>
      {error && (
        <div className="alert alert-error" role="alert">
          {error}
        </div>
      )}
      {collections.isPending ? (
        <p>{t("collections.save.loading")}</p>
      ) : collections.isError ? (
        <div className="alert alert-error" role="alert">
          {t("collections.save.loadFailed", { reason: reasonOf(collections.error) })}
        </div>
      ) : all.length === 0 ? (
        <p className="muted">{t("collections.save.empty")}</p>
      ) : (
        <fieldset className="save-panel-choices">
          <legend className="visually-hidden">{t("collections.save.legend")}</legend>
          {all.map((collection) => (
            <label key={collection.id} className="checkbox-inline">
              <input
                type="checkbox"
                checked={inside.has(collection.id)}
                onChange={(event) => onToggle(collection.id, event.target.checked)}
              />
              <span>{collection.name}</span>
              <span className="muted">({recipeCountText(collection.recipe_count)})</span>
            </label>
          ))}
        </fieldset>
      )}
      <CollectionNameForm
        label={t("collections.save.newLabel")}
        submitLabel={t("collections.save.create")}
        pending={create.isPending}
        onSave={(name, { done, fail }) =>
          create.mutate(name, {
            onSuccess: (created) => {
              done();
              onToggle(created.id, true);
            },
            onError: (failure) =>
              fail(
                nameErrorOf(failure) ??
                  t("collections.save.createFailed", { reason: reasonOf(failure) }),
              ),
          })
        }
      />
      <p className="muted">
        <Link to="/recipes/collections">{t("collections.save.all")}</Link>
      </p>
    </div>
  );
}
