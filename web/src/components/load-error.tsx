import { t } from "../lib/i18n";

/**
 * A load that failed, said as such: an empty look ("nothing planned") would have people plan
 * everything again.
 */
export function LoadError({
  text,
  onRetry,
  retrying,
}: {
  text: string;
  onRetry: () => void;
  retrying: boolean;
}) {
  return (
    <div className="alert alert-error load-error" role="alert">
      <span>{text}</span>
      <button
        type="button"
        className="btn btn-small btn-outline"
        onClick={onRetry}
        disabled={retrying}
      >
        {t("components.common.retry")}
      </button>
    </div>
  );
}
