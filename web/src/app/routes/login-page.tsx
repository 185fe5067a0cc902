import { type FormEvent, useEffect, useState } from "react";
import { Link, Navigate, useNavigate, useSearchParams } from "react-router";
import { useLogin } from "../../features/auth/api/login";
import { loginErrorMessage } from "../../features/auth/error-messages";
import { nextTarget, wallReason, withNext } from "../../features/auth/next-target";
import { t } from "../../lib/i18n";
import { queryClient } from "../../lib/query-client";
import { csrfQuery, useSession } from "../../lib/session";
import { useDocumentTitle } from "../../lib/use-document-title";

export default function LoginPage() {
  useDocumentTitle(t("app.login.title"));
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const next = nextTarget(searchParams);
  const reason = wallReason(next);
  const { authenticated, csrfToken } = useSession();
  const login = useLogin();
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [signupSuccess] = useState(searchParams.get("signupSuccess") === "true");
  const [passwordReset] = useState(searchParams.get("passwordReset") === "true");

  useEffect(() => {
    if (signupSuccess || passwordReset) navigate(withNext("/login", next), { replace: true });
  }, [signupSuccess, passwordReset, navigate, next]);

  if (authenticated) return <Navigate to={next} replace />;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!csrfToken) {
      setError(t("app.login.noCsrf"));
      void queryClient.refetchQueries({ queryKey: csrfQuery.queryKey });
      return;
    }
    login.mutate(
      { username: username.trim(), password },
      {
        onSuccess: () => navigate(next, { replace: true }),
        onError: (failure) => setError(loginErrorMessage(failure)),
      },
    );
  };

  return (
    <section className="auth-card card">
      <h1>{t("app.login.title")}</h1>
      {reason && <p className="auth-reason">{reason}</p>}
      {signupSuccess && (
        <div className="alert alert-success" role="status">
          {t("app.login.signupSuccess")}
        </div>
      )}
      {passwordReset && (
        <div className="alert alert-success" role="status">
          {t("app.login.passwordReset")}
        </div>
      )}
      {error && (
        <div className="alert alert-error" role="alert">
          {error}
        </div>
      )}
      <form onSubmit={onSubmit} className="form">
        <div className="field">
          <label htmlFor="login-username">{t("app.login.username")}</label>
          <input
            id="login-username"
            name="username"
            autoComplete="username"
            required
            aria-describedby="login-username-hint"
            value={username}
            onChange={(e) => setUsername(e.target.value)}
          />
          <span id="login-username-hint" className="hint">
            {t("app.login.usernameHint")}
          </span>
        </div>
        <div className="field">
          <label htmlFor="login-password">{t("app.login.password")}</label>
          <input
            id="login-password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <Link to="/forgot-password" className="small">
            {t("app.login.forgotPassword")}
          </Link>
        </div>
        <button
          type="submit"
          className="btn btn-primary btn-block"
          disabled={!csrfToken || login.isPending}
        >
          {t("app.login.submit")}
        </button>
      </form>
      <p className="auth-switch">
        <Link to={withNext("/signup", next)}>{t("app.login.toSignup")}</Link>
      </p>
      <p className="muted small">{t("app.login.workInProgress")}</p>
    </section>
  );
}
