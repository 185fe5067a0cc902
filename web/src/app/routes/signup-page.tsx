import { type FormEvent, useEffect, useRef, useState } from "react";
import { Link, Navigate, useNavigate, useSearchParams } from "react-router";
import { login, refreshSession } from "../../features/auth/api/login";
import { useSignup } from "../../features/auth/api/signup";
import { signupErrorMessage, signupFieldErrors } from "../../features/auth/error-messages";
import { nextTarget, wallReason, withNext } from "../../features/auth/next-target";
import {
  firstProblemField,
  passwordRules,
  SIGNUP_FIELDS,
  type SignupField,
  signupProblems,
} from "../../features/auth/signup-checks";
import { t } from "../../lib/i18n";
import { tRich } from "../../lib/i18n/rich";
import { queryClient } from "../../lib/query-client";
import { csrfQuery, useSession } from "../../lib/session";
import { useDocumentTitle } from "../../lib/use-document-title";

const EMPTY = {
  username: "",
  email: "",
  first_name: "",
  last_name: "",
  password: "",
  confirm_password: "",
};
type Field = keyof typeof EMPTY;
type Problems = Partial<Record<SignupField, string>>;

const inputIdOf = (field: SignupField) =>
  field === "accept_tos" ? "signup-accept-tos" : `signup-${field}`;
const errorIdOf = (field: SignupField) => `${inputIdOf(field)}-error`;
const PASSWORD_RULES_ID = "signup-password-rules";

/**
 * Brings the first field with a problem to the middle of the screen (a phone's Sign Up button
 * is far below the top fields) and puts the keyboard there; its message is read with it.
 */
function focusField(field: SignupField) {
  const input = document.getElementById(inputIdOf(field));
  input?.scrollIntoView({ block: "center" });
  input?.focus({ preventScroll: true });
}

/** The form's fields, their labels in the reader's language (called at render). */
const fields = (): {
  name: Field;
  label: string;
  type: string;
  autoComplete: string;
  required: boolean;
}[] => [
  {
    name: "username",
    label: t("app.signup.username"),
    type: "text",
    autoComplete: "username",
    required: true,
  },
  {
    name: "email",
    label: t("app.signup.email"),
    type: "email",
    autoComplete: "email",
    required: true,
  },
  {
    name: "first_name",
    label: t("app.signup.firstName"),
    type: "text",
    autoComplete: "given-name",
    required: false,
  },
  {
    name: "last_name",
    label: t("app.signup.lastName"),
    type: "text",
    autoComplete: "family-name",
    required: false,
  },
  {
    name: "password",
    label: t("app.signup.password"),
    type: "password",
    autoComplete: "new-password",
    required: true,
  },
  {
    name: "confirm_password",
    label: t("app.signup.confirmPassword"),
    type: "password",
    autoComplete: "new-password",
    required: true,
  },
];

export default function SignupPage() {
  useDocumentTitle(t("app.signup.title"));
  const navigate = useNavigate();
  // Sent here from the login wall: the page the visitor was going to, after signing up.
  const next = nextTarget(useSearchParams()[0]);
  const reason = wallReason(next);
  const { authenticated, csrfToken } = useSession();
  const signup = useSignup();
  const [values, setValues] = useState(EMPTY);
  const [acceptTos, setAcceptTos] = useState(false);
  // A message that belongs to no field (the server's detail, a missing token).
  const [error, setError] = useState<string | null>(null);
  // Every field's problem at once, each shown by its field.
  const [problems, setProblems] = useState<Problems>({});
  const [busy, setBusy] = useState(false);
  const alertBox = useRef<HTMLDivElement>(null);
  // The message above the form is out of view once the cook has scrolled to Sign Up.
  useEffect(() => {
    if (error) alertBox.current?.focus();
  }, [error]);

  if (authenticated && !busy) return <Navigate to={next} replace />;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const found = signupProblems({ ...values, accept_tos: acceptTos });
    setProblems(found);
    const first = firstProblemField(found);
    if (first) return focusField(first);
    if (!csrfToken) {
      setError(t("app.signup.noCsrf"));
      void queryClient.refetchQueries({ queryKey: csrfQuery.queryKey });
      return;
    }
    setBusy(true);
    const username = values.username.trim();
    try {
      await signup.mutateAsync({ ...values, username, accept_tos: true });
    } catch (failure) {
      setBusy(false);
      const refused = signupFieldErrors(failure);
      const byField: Problems = {};
      for (const field of SIGNUP_FIELDS) if (refused[field]) byField[field] = refused[field];
      const firstRefused = firstProblemField(byField);
      setProblems(byField);
      if (firstRefused) focusField(firstRefused);
      else setError(signupErrorMessage(failure));
      return;
    }
    try {
      await login({ username, password: values.password });
      await refreshSession();
      navigate(next, { replace: true });
    } catch {
      setError(t("app.signup.autoLoginFailed"));
      await queryClient.refetchQueries({ queryKey: csrfQuery.queryKey });
      setTimeout(
        () => navigate(withNext("/login?signupSuccess=true", next), { replace: true }),
        2500,
      );
    }
  };

  return (
    <section className="auth-card card">
      <h1>{t("app.signup.title")}</h1>
      {reason && <p className="auth-reason">{reason}</p>}
      {error && (
        <div className="alert alert-error" role="alert" tabIndex={-1} ref={alertBox}>
          {error}
        </div>
      )}
      {/* noValidate: the form checks every field itself and marks them all at once, where the
          browser would stop at the first one with a bubble. */}
      <form onSubmit={onSubmit} className="form" noValidate>
        {fields().map((field) => {
          const problem = problems[field.name];
          const describedBy = [
            field.name === "password" && PASSWORD_RULES_ID,
            problem && errorIdOf(field.name),
          ].filter(Boolean);
          return (
            <div className="field" key={field.name}>
              <label htmlFor={inputIdOf(field.name)}>{field.label}</label>
              <input
                id={inputIdOf(field.name)}
                name={field.name}
                type={field.type}
                autoComplete={field.autoComplete}
                required={field.required}
                value={values[field.name]}
                aria-invalid={problem ? true : undefined}
                aria-describedby={describedBy.length > 0 ? describedBy.join(" ") : undefined}
                onChange={(e) => {
                  setValues({ ...values, [field.name]: e.target.value });
                  setProblems({ ...problems, [field.name]: undefined });
                }}
              />
              {field.name === "password" && (
                <span id={PASSWORD_RULES_ID} className="hint">
                  {passwordRules()}
                </span>
              )}
              <FieldProblem field={field.name} problem={problem} />
            </div>
          );
        })}
        <div className="field">
          <div className="checkbox-field">
            <input
              id="signup-accept-tos"
              type="checkbox"
              checked={acceptTos}
              aria-invalid={problems.accept_tos ? true : undefined}
              aria-describedby={problems.accept_tos ? errorIdOf("accept_tos") : undefined}
              onChange={(e) => {
                setAcceptTos(e.target.checked);
                setProblems({ ...problems, accept_tos: undefined });
              }}
            />
            <label htmlFor="signup-accept-tos">
              {tRich("app.signup.acceptTos", {
                link: (chunks) => (
                  <a href="/terms-of-service" target="_blank" rel="noopener">
                    {chunks}
                  </a>
                ),
              })}
            </label>
          </div>
          <FieldProblem field="accept_tos" problem={problems.accept_tos} />
        </div>
        <button type="submit" className="btn btn-primary btn-block" disabled={!csrfToken || busy}>
          {t("app.signup.submit")}
        </button>
      </form>
      <p className="auth-switch">
        <Link to={withNext("/login", next)}>{t("app.signup.toLogin")}</Link>
      </p>
    </section>
  );
}

/** A field's problem, under it; the field names it with aria-describedby. */
function FieldProblem({ field, problem }: { field: SignupField; problem: string | undefined }) {
  if (!problem) return null;
  return (
    <p id={errorIdOf(field)} className="field-error">
      {problem}
    </p>
  );
}
