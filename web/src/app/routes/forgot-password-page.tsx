import { type FormEvent, useId, useState } from "react";
import { Link } from "react-router";
import { useRequestPasswordReset } from "../../features/auth/api/password-reset";
import { reasonOf } from "../../lib/api-client";
import { fieldErrorsOf } from "../../lib/field-errors";
import { t } from "../../lib/i18n";
import { useSession } from "../../lib/session";
import { useDocumentTitle } from "../../lib/use-document-title";

/** /forgot-password: asks for the email and says the same words whatever it is. */
export default function ForgotPasswordPage() {
  useDocumentTitle(t("app.forgotPassword.title"));
  const { csrfToken } = useSession();
  const request = useRequestPasswordReset();
  const [email, setEmail] = useState("");
  const emailId = useId();
  const errorId = useId();
  const fieldError = fieldErrorsOf(request.error).email;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    request.mutate({ email: email.trim() });
  };
  return (
    <section className="auth-card card">
      <h1>{t("app.forgotPassword.title")}</h1>
      {request.isSuccess ? (
        <div className="alert alert-success" role="status">
          {/* The server's words, the same whatever the address (PASSWORD_RESET_SENT). */}
          {request.data.detail}
        </div>
      ) : (
        <>
          <p>{t("app.forgotPassword.intro")}</p>
          {request.isError && !fieldError && (
            <div className="alert alert-error" role="alert">
              {reasonOf(request.error)}
            </div>
          )}
          <form className="form" onSubmit={submit}>
            <div className="field">
              <label htmlFor={emailId}>{t("app.forgotPassword.email")}</label>
              <input
                id={emailId}
                type="email"
                autoComplete="email"
                required
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                aria-invalid={fieldError ? true : undefined}
                aria-describedby={fieldError ? errorId : undefined}
              />
              {fieldError && (
                <p id={errorId} className="field-error">
                  {fieldError}
                </p>
              )}
            </div>
            <button
              type="submit"
              className="btn btn-primary btn-block"
              disabled={!csrfToken || request.isPending}
            >
              {t("app.forgotPassword.send")}
            </button>
          </form>
        </>
      )}
      <p className="auth-switch">
        <Link to="/login">{t("app.forgotPassword.backToLogin")}</Link>
      </p>
    </section>
  );
}
