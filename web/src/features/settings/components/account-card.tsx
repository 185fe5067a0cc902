import { type FormEvent, useId, useRef, useState } from "react";
import { Modal, ModalActions } from "../../../components/modal";
import { ApiError, reasonOf } from "../../../lib/api-client";
import { useDeleteAccount } from "../api/delete-account";
import { ACCOUNT_EXPORT_URL } from "../api/export-account";

/** A real link: the browser downloads the zip itself, however large, as it comes. */
function DownloadMyData({ className = "btn btn-secondary" }: { className?: string }) {
  return (
    <a className={className} href={ACCOUNT_EXPORT_URL} download>
      Download my data
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
      <h2 id={headingId}>Your account</h2>
      <p className="muted small">
        A zip of your recipes with their pictures, and your collections, ratings, comments, shopping
        lists, planner and settings.
      </p>
      <div className="row">
        <DownloadMyData />
      </div>
      <h3 className="account-danger-heading">Delete account</h3>
      <p className="muted small">Your account and everything in it go for good.</p>
      <div className="row">
        <button type="button" className="btn btn-danger" onClick={() => setDeleting(true)}>
          Delete account…
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
  const fieldError = missing ? "Please enter your password." : passwordProblem(remove.error);
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
      title="Delete your account?"
      onClose={onClose}
      initialFocus={passwordField}
      className="modal-compact"
    >
      <form className="form" onSubmit={submit} noValidate>
        <div>
          <p>This can't be undone. These go for good:</p>
          <ul className="account-losses">
            <li>your recipes and their pictures</li>
            <li>your ratings, comments and likes</li>
            <li>who you follow and who follows you</li>
            <li>your collections</li>
            <li>the shopping lists you own, for everyone they are shared with</li>
            <li>your planner</li>
          </ul>
          <p className="muted small">
            Lists and planners others share with you stay theirs; you leave them.
          </p>
        </div>
        <div className="account-export-offer">
          <p className="account-export-offer-text">Want a copy first?</p>
          <DownloadMyData />
        </div>
        <div className="field">
          <label htmlFor={passwordId}>Your password</label>
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
            Your account was not deleted: {otherError}
          </p>
        )}
        <ModalActions
          label="Delete my account"
          busy={remove.isPending}
          busyLabel="Deleting..."
          danger
          onCancel={onClose}
        />
      </form>
    </Modal>
  );
}
