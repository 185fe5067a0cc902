import { useEffect } from "react";
import { useLocation } from "react-router";
import { rememberPage } from "./came-from";
import { t } from "./i18n";

/** The tab's title, "{title} · Potluck"; also the name a recipe's back link gives this page. */
export function useDocumentTitle(title: string): void {
  const { pathname, search } = useLocation();
  useEffect(() => {
    document.title = title ? t("lib.documentTitle.withPage", { title }) : t("app.name");

    rememberPage(pathname, search, title);
  }, [title, pathname, search]);
}
