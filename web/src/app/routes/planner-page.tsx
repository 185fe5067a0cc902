import { useEffect, useMemo } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { useCollections } from "../../features/collections/api/get-collections";
import { useCreateGroceryList } from "../../features/groceries/api/create-grocery-list";
import { useGroceryLists } from "../../features/groceries/api/get-grocery-lists";
import { groceryKeys } from "../../features/groceries/api/keys";
import { listLabel } from "../../features/groceries/format";
import { usePlannerEntries } from "../../features/planner/api/get-entries";
import { usePlannerEvents } from "../../features/planner/api/planner-events";
import { PlannerActions } from "../../features/planner/components/planner-actions";
import { PlannerSwitcher } from "../../features/planner/components/planner-switcher";
import { PlannerWeek } from "../../features/planner/components/planner-week";
import type { ShoppingLists } from "../../features/planner/components/send-week-dialog";
import { TableSection } from "../../features/planner/components/table-section";
import { WeekNav } from "../../features/planner/components/week-nav";
import { addDays, plannerHref, today, weekFromParam } from "../../features/planner/week";
import { ApiError } from "../../lib/api-client";
import { t } from "../../lib/i18n";
import { queryClient } from "../../lib/query-client";
import { useSession } from "../../lib/session";
import { useDocumentTitle } from "../../lib/use-document-title";

/**
 * /planner?week={first day}[&planner={owner}]: a week of one planner (mine, or one shared with
 * me), live as its other cooks change it. The week and the planner are in the address, so Back
 * returns to the week before and a week can be shared as a link. Who eats at the planner's
 * table is a section above the week, closed at first. The page hands the planner the cook's
 * shopping lists and collections from their own features.
 */
export default function PlannerPage() {
  useDocumentTitle(t("app.planner.title"));
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const myUsername = useSession().user?.username;
  const todayDay = today();
  const { start: weekStart, canonical } = weekFromParam(params.get("week"), todayDay);
  const requested = params.get("planner") ?? "";
  const owner = requested === myUsername ? "" : requested;
  const entries = usePlannerEntries(owner, weekStart, addDays(weekStart, 6));
  const notFound = entries.error instanceof ApiError && entries.error.status === 404;
  usePlannerEvents(owner, !notFound);
  const collections = useCollections();
  const collectionChoices = useMemo(
    () => (collections.data ?? []).map(({ id, name }) => ({ id, name })),
    [collections.data],
  );
  const lists = useGroceryLists();
  const createList = useCreateGroceryList();

  // Any day of a week names it; the address then says its first day, as the links do.
  useEffect(() => {
    if (!canonical) navigate(plannerHref(weekStart, owner), { replace: true });
  }, [canonical, weekStart, owner, navigate]);

  const shopping: ShoppingLists = {
    lists: lists.data?.map((list) => ({ id: list.id, name: list.name, label: listLabel(list) })),
    failed: lists.isError,
    retry: () => void lists.refetch(),
    create: async (name) => {
      const created = await createList.mutateAsync(name);
      return { id: created.id, name: created.name, label: created.name };
    },
    onSent: (listId) => {
      void queryClient.invalidateQueries({ queryKey: groceryKeys.plannedRecipes(listId) });
      void queryClient.invalidateQueries({ queryKey: groceryKeys.items(listId) });
    },
  };

  return (
    <section className="page planner-page">
      <header className="page-header">
        <h1>{owner ? t("app.planner.ownersPlanner", { owner }) : t("app.planner.title")}</h1>
        <PlannerSwitcher
          owner={owner}
          onChange={(chosen) => navigate(plannerHref(weekStart, chosen))}
        />
      </header>
      {notFound ? (
        <div className="card">
          <p>{t("app.planner.notFound")}</p>
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => navigate(plannerHref(weekStart))}
          >
            {t("app.planner.openMine")}
          </button>
        </div>
      ) : (
        <>
          <div className="planner-toolbar">
            <WeekNav
              weekStart={weekStart}
              todayDay={todayDay}
              hrefOf={(week) => plannerHref(week, owner)}
            />
            <PlannerActions
              owner={owner}
              weekStart={weekStart}
              collections={collectionChoices}
              shopping={shopping}
              onLeft={() => navigate(plannerHref(weekStart))}
            />
          </div>
          <TableSection key={owner} owner={owner} weekStart={weekStart} />
          <PlannerWeek
            key={owner}
            owner={owner}
            weekStart={weekStart}
            todayDay={todayDay}
            collections={collectionChoices}
          />
        </>
      )}
    </section>
  );
}
