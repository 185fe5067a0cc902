/**
 * What a page needs on its first load, announced in its HTML by the server so the browser
 * fetches it all at once instead of at the end of a chain (decision 0021): without it, a
 * phone on slow 4G downloads the app, only then learns which page chunk to fetch, only then
 * asks who is signed in, and only then asks for the page's data.
 *
 * `path` is the router's (router.tsx), `page` the module it loads lazily, `data` the GET
 * requests the page makes when it opens, exactly as the web app writes them (a preload is
 * used only by a request for the same URL). `:name` in `data` is the path's parameter, and
 * must be a number for the request to be announced; `:weekStart` and `:weekEnd` are the
 * current week's first and last days on the server's calendar, the week starting on the
 * reader's first day (the planner's week when the address names none). Data is announced only to a signed-in
 * visitor, and only for an address without a query string (a search asks for other data).
 * A page missing here still works: it loads as it did before, one step after the other.
 */
export interface FirstLoad {
  path: string;
  page: string;
  data: string[];
}

/** Every page asks who is signed in and for the CSRF token (lib/session.ts). */
export const EVERY_PAGE_DATA = ["/api/auth/csrf/", "/api/auth/status/"];

export const FIRST_LOADS: FirstLoad[] = [
  { path: "/about", page: "src/app/routes/about-page.tsx", data: [] },
  {
    path: "/explore",
    page: "src/app/routes/explore-page.tsx",
    data: ["/api/recipes/recipes/"],
  },
  {
    path: "/recipe/:id/:slug",
    page: "src/app/routes/recipe-detail-page.tsx",
    data: [
      "/api/recipes/recipes/:id/",
      "/api/recipes/ratings/?recipe=:id",
      "/api/users/me/preferences/",
    ],
  },
  {
    path: "/recipes/:id",
    page: "src/app/routes/recipe-detail-page.tsx",
    data: [
      "/api/recipes/recipes/:id/",
      "/api/recipes/ratings/?recipe=:id",
      "/api/users/me/preferences/",
    ],
  },
  {
    path: "/grocery-list/:grocerylistid",
    page: "src/app/routes/grocery-list-page.tsx",
    data: [
      "/api/groceries/lists/",
      "/api/groceries/items/?grocery_list=:grocerylistid",
      "/api/groceries/planned-recipes/?grocery_list=:grocerylistid",
      "/api/groceries/planned-extras/?grocery_list=:grocerylistid",
      "/api/ingredients/units/",
      "/api/users/me/preferences/",
      "/api/groceries/lists/:grocerylistid/",
    ],
  },
  {
    // The week's meals, the planner switcher's choices and the send and fill dialogs' lists.
    path: "/planner",
    page: "src/app/routes/planner-page.tsx",
    data: [
      "/api/planner/entries/?start=:weekStart&end=:weekEnd",
      "/api/planner/shared/",
      "/api/recipes/collections/",
      "/api/groceries/lists/",
    ],
  },
  { path: "/grocery-lists", page: "src/app/routes/grocery-lists-page.tsx", data: [] },
  { path: "/recipes", page: "src/app/routes/my-recipes-page.tsx", data: [] },
  { path: "/login", page: "src/app/routes/login-page.tsx", data: [] },
  { path: "/signup", page: "src/app/routes/signup-page.tsx", data: [] },
];
