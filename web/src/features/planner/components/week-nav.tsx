import { Link } from "react-router";
import { isRightToLeft } from "../../../lib/bidi";
import { t } from "../../../lib/i18n";
import { tRich } from "../../../lib/i18n/rich";
import { addDays, type Day, weekStartOf, weekTitle } from "../week";

/**
 * The week shown and the way to others: links, so each week has its own address and Back
 * returns to the week before. `hrefOf` makes a week's address (the page knows its other
 * parameters).
 */
export function WeekNav({
  weekStart,
  todayDay,
  hrefOf,
}: {
  weekStart: Day;
  todayDay: Day;
  hrefOf: (weekStart: Day) => string;
}) {
  const thisWeek = weekStartOf(todayDay);
  // Right to left the week runs from right to left: the week before is to the right.
  const rtl = isRightToLeft();
  return (
    <>
      <h2 className="planner-week-title" aria-live="polite">
        {weekTitle(weekStart)}
      </h2>
      <nav className="planner-week-nav" aria-label={t("planner.nav.label")}>
        <Link to={hrefOf(addDays(weekStart, -7))} className="btn btn-secondary btn-small">
          <span aria-hidden="true">{rtl ? "→ " : "← "}</span>
          {tRich("planner.nav.previous", {
            wide: (chunks) => <span className="planner-nav-week">{chunks}</span>,
          })}
        </Link>
        <Link
          to={hrefOf(thisWeek)}
          className="btn btn-secondary btn-small"
          aria-current={weekStart === thisWeek ? "page" : undefined}
        >
          {t("planner.nav.thisWeek")}
        </Link>
        <Link to={hrefOf(addDays(weekStart, 7))} className="btn btn-secondary btn-small">
          {tRich("planner.nav.next", {
            wide: (chunks) => <span className="planner-nav-week">{chunks}</span>,
          })}
          <span aria-hidden="true">{rtl ? " ←" : " →"}</span>
        </Link>
      </nav>
    </>
  );
}
