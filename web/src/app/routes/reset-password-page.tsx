import { type FormEvent, useId, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { useConfirmPasswordReset } from "../../features/auth/api/password-reset";
import { reasonOf } from "../../lib/api-client";
import { fieldErrorsOf } from "../../lib/field-errors";
import { t } from "../../lib/i18n";
import { useSession } from "../../lib/session";
import { useDocumentTitle } from "../../lib/use-document-title";

/**
 * /reset-password?token=…: the link of a reset mail. The server sends this page with
 * `Referrer-Policy: no-referrer` (as every page), so the token never leaves in a Referer.
 */
export default function ResetPasswordPage() {
  useDocumentTitle(t("app.resetPassword.title"));
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token") ?? "";
  const navigate = useNavigate();
  const { csrfToken } = useSession();
  const confirm = useConfirmPasswordReset();
  const [password, setPassword] = useState("");
  const [again, setAgain] = useState("");
  const passwordId = useId();
  const againId = useId();
  const hintId = useId();
  const errorId = useId();
  const errors = fieldErrorsOf(confirm.error);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    confirm.mutate(
      { token, new_password: password, confirm_password: again },
      { onSuccess: () => navigate("/login?passwordReset=true", { replace: true }) },
    );
  };
  const linkProblem = token === "" ? t("app.resetPassword.noToken") : errors.token;
  const otherError = confirm.isError && Object.keys(errors).length === 0;
  return (
    <section className="auth-card card">
      <h1>{t("app.resetPassword.title")}</h1>
      {linkProblem && (
        <div className="alert alert-error" role="alert">
          {linkProblem} <Link to="/forgot-password">{t("app.resetPassword.newLink")}</Link>
        </div>
      )}
      {otherError && (
        <div className="alert alert-error" role="alert">
          {reasonOf(confirm.error)}
        </div>
      )}
      <form className="form" onSubmit={submit}>
        {/* Lets a password manager save the new password. */}
        <input type="hidden" autoComplete="username" />
        <div className="field">
          <label htmlFor={passwordId}>{t("app.resetPassword.newPassword")}</label>
          <input
            id={passwordId}
            type="password"
            autoComplete="new-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            aria-invalid={errors.new_password ? true : undefined}
            aria-describedby={errors.new_password ? `${errorId} ${hintId}` : hintId}
          />
          <span id={hintId} className="hint">
            {t("app.resetPassword.rules")}
          </span>
          {errors.new_password && (
            <p id={errorId} className="field-error">
              {errors.new_password}
            </p>
          )}
        </div>
        <div className="field">
          <label htmlFor={againId}>{t("app.resetPassword.confirm")}</label>
          <input
            id={againId}
            type="password"
            autoComplete="new-password"
            required
            value={again}
            onChange={(e) => setAgain(e.target.value)}
            aria-invalid={errors.confirm_password ? true : undefined}
          />
          {errors.confirm_password && <p className="field-error">{errors.confirm_password}</p>}
        </div>
        <button
          type="submit"
          className="btn btn-primary btn-block"
          disabled={!csrfToken || !token || confirm.isPending}
        >
          {t("app.resetPassword.submit")}
        </button>
      </form>
    </section>
  );
}
