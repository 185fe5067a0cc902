import { SITE } from "../../lib/site";
import { useDocumentTitle } from "../../lib/use-document-title";

export default function CookiePolicyPage() {
  useDocumentTitle("Cookie Policy");
  return (
    <article className="page prose">
      <h1>Cookie Policy</h1>
      <p className="muted">Last updated May 6, 2025</p>
      <p>
        {SITE.name} uses only two cookies. Both are strictly necessary for the site to work, so they
        are not optional and there is nothing to opt out of. We use no analytics, advertising or
        tracking cookies.
      </p>
      <table className="table">
        <caption className="visually-hidden">Cookies we use</caption>
        <thead>
          <tr>
            <th scope="col">Cookie</th>
            <th scope="col">Purpose</th>
            <th scope="col">Type</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>Session cookie (sessionid)</td>
            <td>Keeps you signed in between pages.</td>
            <td>Strictly necessary</td>
          </tr>
          <tr>
            <td>CSRF cookie (csrftoken)</td>
            <td>Protects your account from requests forged by other websites.</td>
            <td>Strictly necessary</td>
          </tr>
        </tbody>
      </table>
      <p>
        Questions about cookies? Contact us at{" "}
        <a href={`mailto:${SITE.contactEmail}`}>{SITE.contactEmail}</a>.
      </p>
    </article>
  );
}
