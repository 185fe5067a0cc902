import { useRef, useState } from "react";
import { reasonOf } from "../lib/api-client";
import { useBlockCook } from "../lib/blocks";
import { t } from "../lib/i18n";
import { ConfirmStep } from "./confirm-step";
import { Modal } from "./modal";

/** What a block does, said before it is done (decision 0032). */
export const blockExplained = () => t("components.blockCook.explained");

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
            (block
              ? t("components.blockCook.blockFailed", { username, reason: reasonOf(failure) })
              : t("components.blockCook.unblockFailed", { username, reason: reasonOf(failure) })
            ).trim(),
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
          aria-label={t("components.blockCook.unblockNamed", { username })}
          disabled={mutation.isPending}
          onClick={() => change(false)}
        >
          {t("components.blockCook.unblock")}
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
        aria-label={t("components.blockCook.blockNamed", { username })}
        onClick={() => {
          setError(null);
          setAsking(true);
        }}
      >
        {t("components.blockCook.block")}
      </button>
      {asking && (
        <Modal
          title={t("components.blockCook.title", { username })}
          onClose={() => setAsking(false)}
          initialFocus={cancel}
          className="modal-compact"
        >
          <ConfirmStep
            question={blockExplained()}
            confirmLabel={t("components.blockCook.blockNamed", { username })}
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
