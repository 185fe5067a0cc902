import { type FormEvent, useId, useRef, useState } from "react";
import { Modal, ModalActions } from "../../../components/modal";
import { ApiError, reasonOf } from "../../../lib/api-client";
import { t } from "../../../lib/i18n";
import { useDeleteAccount } from "../api/delete-account";
import { ACCOUNT_EXPORT_URL } from "../api/export-account";

/** A real link: the browser downloads the zip itself, however large, as it comes. */
function DownloadMyData({ className = "btn btn-secondary" }: { className?: string }) {
  return (
    <a className={className} href={ACCOUNT_EXPORT_URL} download>
      {t("settings.account.download")}
    </a>
  );
}

/**
 * "Your account": download everything as a zip, or delete the account (a dialog that says what
 * goes, offers the download first and asks for the password).
 */
export function AccountCard({ forgetDeviceData }: { forgetDeviceData: () => Promise<void> }) {
  const headingId = useId();
  const [deleting, setDeleting] = useState(false);
  return (
    <section className="card settings-card account-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t("settings.account.heading")}</h2>
      <p className="muted small">{t("settings.account.exportIntro")}</p>
      <div className="row">
        <DownloadMyData />
      </div>
      <h3 className="account-danger-heading">{t("settings.account.deleteHeading")}</h3>
      <p className="muted small">{t("settings.account.deleteIntro")}</p>
      <div className="row">
        <button type="button" className="btn btn-danger" onClick={() => setDeleting(true)}>
          {t("settings.account.deleteButton")}
        </button>
      </div>
      {deleting && (
        <DeleteAccountDialog
          forgetDeviceData={forgetDeviceData}
          onClose={() => setDeleting(false)}
        />
      )}
    </section>
  );
}

/** The server's word on the password (400 `{"password": [...]}`), if that is what it said. */
function passwordProblem(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.status !== 400) return undefined;
  const messages = (error.body as { password?: unknown } | undefined)?.password;
  return Array.isArray(messages) && messages.length > 0 ? String(messages[0]) : undefined;
}

function DeleteAccountDialog({
  forgetDeviceData,
  onClose,
}: {
  forgetDeviceData: () => Promise<void>;
  onClose: () => void;
}) {
  const [password, setPassword] = useState("");
  const [missing, setMissing] = useState(false);
  const remove = useDeleteAccount(forgetDeviceData);
  const passwordId = useId();
  const errorId = useId();
  const passwordField = useRef<HTMLInputElement>(null);
  const fieldError = missing ? t("settings.delete.passwordMissing") : passwordProblem(remove.error);
  const otherError = remove.isError && !fieldError ? reasonOf(remove.error) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!password) {
      setMissing(true);
      return;
    }
    setMissing(false);
    remove.mutate({ password });
  };

  return (
    <Modal
      title={t("settings.delete.title")}
      onClose={onClose}
      initialFocus={passwordField}
      className="modal-compact"
    >
      <form className="form" onSubmit={submit} noValidate>
        <div>
          <p>{t("settings.delete.intro")}</p>
          <ul className="account-losses">
            <li>{t("settings.delete.lossRecipes")}</li>
            <li>{t("settings.delete.lossRatings")}</li>
            <li>{t("settings.delete.lossFollows")}</li>
            <li>{t("settings.delete.lossCollections")}</li>
            <li>{t("settings.delete.lossLists")}</li>
            <li>{t("settings.delete.lossPlanner")}</li>
          </ul>
          <p className="muted small">{t("settings.delete.shared")}</p>
        </div>
        <div className="account-export-offer">
          <p className="account-export-offer-text">{t("settings.delete.copyFirst")}</p>
          <DownloadMyData />
        </div>
        <div className="field">
          <label htmlFor={passwordId}>{t("settings.delete.password")}</label>
          <input
            ref={passwordField}
            id={passwordId}
            type="password"
            autoComplete="current-password"
            value={password}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? errorId : undefined}
            onChange={(event) => setPassword(event.target.value)}
          />
          {fieldError && (
            <p id={errorId} className="field-error" role="alert">
              {fieldError}
            </p>
          )}
        </div>
        {otherError && (
          <p className="alert alert-error" role="alert">
            {t("settings.delete.failed", { reason: otherError })}
          </p>
        )}
        <ModalActions
          label={t("settings.delete.confirm")}
          busy={remove.isPending}
          busyLabel={t("settings.delete.deleting")}
          danger
          onCancel={onClose}
        />
      </form>
    </Modal>
  );
}
