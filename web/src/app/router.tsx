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
      { path: "login", ...page(() => import("../features/auth/login-page")) },
      { path: "signup", ...page(() => import("../features/auth/signup-page")) },
      { path: "about", ...page(() => import("../features/about/about-page")) },
      { path: "terms-of-service", ...page(() => import("../features/terms/terms-page")) },
      { path: "cookie-policy", ...page(() => import("../features/terms/cookie-policy-page")) },
      { path: "explore", ...page(() => import("../features/recipes/explore-page")) },
      {
        element: <RequireAuth />,
        children: [
          {
            path: "recipe/:id/:slug",
            ...page(() => import("../features/recipes/recipe-detail-page")),
          },
          { path: "recipes", ...page(() => import("../features/recipes/my-recipes-page")) },
          { path: "recipes/new", ...page(() => import("../features/recipes/recipe-form-page")) },
          { path: "recipes/:id", ...page(() => import("../features/recipes/recipe-detail-page")) },
          {
            path: "recipes/:id/edit",
            ...page(() => import("../features/recipes/recipe-form-page")),
          },
          {
            path: "grocery-lists",
            ...page(() => import("../features/groceries/grocery-lists-page")),
          },
          {
            path: "grocery-list/:grocerylistid",
            ...page(() => import("../features/groceries/grocery-list-page")),
          },
          { path: "settings", ...page(() => import("../features/settings/settings-page")) },
        ],
      },
      { path: "*", ...page(() => import("./not-found-page")) },
    ],
  },
]);
