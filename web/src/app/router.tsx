import { createBrowserRouter, type RouteObject } from "react-router";
import { IndexRoute, RequireAuth } from "./guards";
import { Layout } from "./layout";
import { RouteError } from "./route-error";

/** Each page is its own chunk: a visitor downloads only the pages they open. */
const page = (
  load: () => Promise<{ default: React.ComponentType }>,
): Pick<RouteObject, "lazy"> => ({
  lazy: async () => ({ Component: (await load()).default }),
});

export const router = createBrowserRouter([
  {
    element: <Layout />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <IndexRoute /> },
      { path: "login", ...page(() => import("./routes/login-page")) },
      { path: "signup", ...page(() => import("./routes/signup-page")) },
      { path: "forgot-password", ...page(() => import("./routes/forgot-password-page")) },
      { path: "reset-password", ...page(() => import("./routes/reset-password-page")) },
      { path: "about", ...page(() => import("./routes/about-page")) },
      { path: "terms-of-service", ...page(() => import("./routes/terms-page")) },
      { path: "cookie-policy", ...page(() => import("./routes/cookie-policy-page")) },
      { path: "explore", ...page(() => import("./routes/explore-page")) },
      {
        element: <RequireAuth />,
        children: [
          {
            path: "recipe/:id/:slug",
            ...page(() => import("./routes/recipe-detail-page")),
          },
          { path: "recipes", ...page(() => import("./routes/my-recipes-page")) },
          {
            path: "recipes/collections",
            ...page(() => import("./routes/collections-page")),
          },
          {
            path: "recipes/collections/:id",
            ...page(() => import("./routes/collection-page")),
          },
          { path: "recipes/new", ...page(() => import("./routes/recipe-form-page")) },
          { path: "recipes/import", ...page(() => import("./routes/import-page")) },
          { path: "recipes/:id", ...page(() => import("./routes/recipe-detail-page")) },
          {
            path: "recipes/:id/edit",
            ...page(() => import("./routes/recipe-form-page")),
          },
          {
            path: "grocery-lists",
            ...page(() => import("./routes/grocery-lists-page")),
          },
          {
            path: "grocery-list/:grocerylistid",
            ...page(() => import("./routes/grocery-list-page")),
          },
          { path: "planner", ...page(() => import("./routes/planner-page")) },
          { path: "cooks/:username", ...page(() => import("./routes/cook-profile-page")) },
          { path: "settings", ...page(() => import("./routes/settings-page")) },
          { path: "admin", ...page(() => import("./routes/admin-page")) },
          { path: "notifications", ...page(() => import("./routes/notifications-page")) },
        ],
      },
      { path: "*", ...page(() => import("./routes/not-found-page")) },
    ],
  },
]);
