import type { Collection } from "@potluck/contract";
import { useState } from "react";
import { Link } from "react-router";
import { ConfirmStep, useConfirmStep } from "../../../components/confirm-step";
import { LoadError } from "../../../components/load-error";
import { reasonOf } from "../../../lib/api-client";
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
          label="New collection"
          submitLabel="Create collection"
          pending={create.isPending}
          onSave={(name, { done, fail }) =>
            create.mutate(name, {
              onSuccess: done,
              onError: (error) =>
                fail(nameErrorOf(error) ?? `Failed to create the collection. ${reasonOf(error)}`),
            })
          }
        />
      </div>
      {collections.isError ? (
        <LoadError
          text="Your collections could not be loaded."
          onRetry={() => void collections.refetch()}
          retrying={collections.isFetching}
        />
      ) : collections.isPending ? (
        <p>Loading...</p>
      ) : all.length === 0 ? (
        <p className="empty-state">
          No collections yet. Make one here, or press Save on a recipe you like.
        </p>
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
          label={`Rename ${collection.name}`}
          submitLabel="Save"
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
                  fail(nameErrorOf(error) ?? `Failed to rename it. ${reasonOf(error)}`),
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
          question={`Delete the collection ${collection.name}? Its recipes stay.`}
          confirmLabel="Yes, delete"
          pending={deletion.isPending}
          onConfirm={() => {
            setDeleteError(null);
            deletion.mutate(collection.id, {
              onError: (error) => setDeleteError(`Failed to delete it. ${reasonOf(error)}`),
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
            aria-label={`Rename ${collection.name}`}
            onClick={() => setRenaming(true)}
          >
            Rename
          </button>
          <button
            ref={confirm.trigger}
            type="button"
            className="btn btn-danger btn-small"
            aria-label={`Delete ${collection.name}`}
            onClick={() => confirm.ask(true)}
          >
            Delete
          </button>
        </div>
      )}
    </li>
  );
}
