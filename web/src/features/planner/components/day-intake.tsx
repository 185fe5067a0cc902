import { t } from "../../../lib/i18n";
import { formatNumber } from "../../../lib/i18n/format";
import { tRich } from "../../../lib/i18n/rich";
import type { Intake } from "../table-nutrition";
import type { Day } from "../week";
import type { WeekTable } from "./week-grid";

/** "1,240": kcal as the reader writes a whole number. */
export const kcalNumber = (kcal: number) => formatNumber(Math.round(kcal));

/** "Mia: ≥ 1,240 kcal", the name kept whole in right-to-left text. */
export function personKcal(name: string, sum: Intake) {
  return tRich("planner.table.personKcal", {
    name: <bdi>{name}</bdi>,
    kcal: kcalNumber(sum.kcal),
    atLeast: sum.atLeast ? "yes" : "no",
  });
}

/**
 * Under a day of the week: what each person at the table eats that day, a serving of each
 * recipe they eat ("Mia: ≥ 1,240 kcal": at least, when a meal had rows that could not be
 * counted). A line on a phone, a short column on a wide screen.
 */
export function DayIntake({ day, table }: { day: Day; table: WeekTable }) {
  const intake = table.byDay.get(day);
  if (!intake) return null;
  return (
    <ul className="planner-day-intake" aria-label={t("planner.table.dayIntake")}>
      {table.ids.map((id) => {
        const sum = intake.get(id);
        return sum ? <li key={id}>{personKcal(table.names.get(id) ?? "", sum)}</li> : null;
      })}
    </ul>
  );
}
