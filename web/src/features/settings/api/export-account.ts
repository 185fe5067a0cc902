/**
 * `GET /api/users/me/export/`: a zip of everything the cook owns, downloaded by the browser
 * itself from a link (it may be large: the browser saves it as it comes, and the service worker
 * leaves it alone).
 */
export const ACCOUNT_EXPORT_URL = "/api/users/me/export/";
