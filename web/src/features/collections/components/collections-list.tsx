import type { Collection } from "@potluck/contract";
import { useState } from "react";
import { Link } from "react-router";
import { ConfirmStep, useConfirmStep } from "../../../components/confirm-step";
import { LoadError } from "../../../components/load-error";
import { reasonOf } from "../../../lib/api-client";
import { t } from "../../../lib/i18n";
import { useCreateCollection } from "../api/create-collection";
import { useDeleteCollection } from "../api/delete-collection";
import { useCollections } from "../api/get-collections";
import { useRenameCollection } from "../api/rename-collection";
import { nameErrorOf, recipeCountText } from "../name-error";
import { CollectionNameForm } from "./collection-name-form";

/**
 * The Collections tab: make a collection, and each of the cook's collections (by name) with how
 * many recipes it shows, opening its grid; rename in place, delete after a question (its
 * recipes stay).
 */
export function CollectionsList() {
  const collections = useCollections();
  const create = useCreateCollection();
  const all = collections.data ?? [];
  return (
    <div className="collections">
      <div className="card">
        <CollectionNameForm
          label={t("collections.list.newLabel")}
          submitLabel={t("collections.list.create")}
          pending={create.isPending}
          onSave={(name, { done, fail }) =>
            create.mutate(name, {
              onSuccess: done,
              onError: (error) =>
                fail(
                  nameErrorOf(error) ??
                    t("collections.list.createFailed", { reason: reasonOf(error) }),
                ),
            })
          }
        />
      </div>
      {collections.isError ? (
        <LoadError
          text={t("collections.list.loadFailed")}
          onRetry={() => void collections.refetch()}
          retrying={collections.isFetching}
        />
      ) : collections.isPending ? (
        <p>{t("collections.list.loading")}</p>
      ) : all.length === 0 ? (
        <p className="empty-state">{t("collections.list.empty")}</p>
      ) : (
        <ul className="collection-rows">
          {all.map((collection) => (
            <CollectionRow key={collection.id} collection={collection} />
          ))}
        </ul>
      )}
    </div>
  );
}

function CollectionRow({ collection }: { collection: Collection }) {
  const rename = useRenameCollection();
  const deletion = useDeleteCollection();
  const [renaming, setRenaming] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const confirm = useConfirmStep(collection.id);

  if (renaming) {
    return (
      <li className="card collection-row">
        <CollectionNameForm
          label={t("collections.list.renameLabel", { name: collection.name })}
          submitLabel={t("collections.list.renameSave")}
          initialName={collection.name}
          autoFocus
          pending={rename.isPending}
          onCancel={() => setRenaming(false)}
          onSave={(name, { fail }) =>
            rename.mutate(
              { id: collection.id, name },
              {
                onSuccess: () => setRenaming(false),
                onError: (error) =>
                  fail(
                    nameErrorOf(error) ??
                      t("collections.list.renameFailed", { reason: reasonOf(error) }),
                  ),
              },
            )
          }
        />
      </li>
    );
  }
  return (
    <li className="card collection-row">
      <div className="collection-row-main">
        <Link to={`/recipes/collections/${collection.id}`} className="collection-name">
          {collection.name}
        </Link>
        <span className="muted">{recipeCountText(collection.recipe_count)}</span>
      </div>
      {confirm.asking ? (
        <ConfirmStep
          question={t("collections.list.deleteQuestion", { name: collection.name })}
          confirmLabel={t("collections.list.deleteConfirm")}
          pending={deletion.isPending}
          onConfirm={() => {
            setDeleteError(null);
            deletion.mutate(collection.id, {
              onError: (error) =>
                setDeleteError(t("collections.list.deleteFailed", { reason: reasonOf(error) })),
            });
          }}
          onCancel={() => confirm.ask(false)}
          cancelRef={confirm.cancel}
        >
          {deleteError && (
            <p className="field-error" role="alert">
              {deleteError}
            </p>
          )}
        </ConfirmStep>
      ) : (
        <div className="row collection-row-actions">
          <button
            type="button"
            className="btn btn-outline btn-small"
            aria-label={t("collections.list.renameLabel", { name: collection.name })}
            onClick={() => setRenaming(true)}
          >
            {t("collections.list.rename")}
          </button>
          <button
            ref={confirm.trigger}
            type="button"
            className="btn btn-danger btn-small"
            aria-label={t("collections.list.deleteLabel", { name: collection.name })}
            onClick={() => confirm.ask(true)}
          >
            {t("collections.list.delete")}
          </button>
        </div>
      )}
    </li>
  );
}
