import { useRef, useState } from "react";
import { reasonOf } from "../lib/api-client";
import { useBlockCook } from "../lib/blocks";
import { ConfirmStep } from "./confirm-step";
import { Modal } from "./modal";

/** What a block does, said before it is done (decision 0032). */
export const BLOCK_EXPLAINED =
  "They won't be able to follow you, see your followers-only recipes, rate or review your recipes, or like or comment on your posts, and they can't add you to a list or a planner. You stop following each other and sharing lists and planners, and neither of you sees the other's comments and reviews. They aren't told. You can unblock them in Settings.";

/**
 * Block (after a dialog that says what it does) or Unblock a cook. `onChanged` hears the new
 * state once the server has it; every query is refreshed then (lib/blocks.ts).
 */
export function BlockCookButton({
  username,
  blocked,
  className = "btn btn-outline btn-small",
  onChanged,
}: {
  username: string;
  blocked: boolean;
  className?: string;
  onChanged?: (blocked: boolean) => void;
}) {
  const mutation = useBlockCook();
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const cancel = useRef<HTMLButtonElement>(null);

  const change = (block: boolean) => {
    setError(null);
    mutation.mutate(
      { username, block },
      {
        onSuccess: () => {
          setAsking(false);
          onChanged?.(block);
        },
        onError: (failure) =>
          setError(
            `Could not ${block ? "block" : "unblock"} ${username}. ${reasonOf(failure)}`.trim(),
          ),
      },
    );
  };

  if (blocked) {
    return (
      <>
        <button
          type="button"
          className={className}
          aria-label={`Unblock ${username}`}
          disabled={mutation.isPending}
          onClick={() => change(false)}
        >
          Unblock
        </button>
        {error && (
          <p className="alert alert-error" role="alert">
            {error}
          </p>
        )}
      </>
    );
  }
  return (
    <>
      <button
        type="button"
        className={className}
        aria-label={`Block ${username}`}
        onClick={() => {
          setError(null);
          setAsking(true);
        }}
      >
        Block
      </button>
      {asking && (
        <Modal
          title={`Block ${username}?`}
          onClose={() => setAsking(false)}
          initialFocus={cancel}
          className="modal-compact"
        >
          <ConfirmStep
            question={BLOCK_EXPLAINED}
            confirmLabel={`Block ${username}`}
            pending={mutation.isPending}
            onConfirm={() => change(true)}
            onCancel={() => setAsking(false)}
            cancelRef={cancel}
          >
            {error && (
              <p className="alert alert-error" role="alert">
                {error}
              </p>
            )}
          </ConfirmStep>
        </Modal>
      )}
    </>
  );
}
