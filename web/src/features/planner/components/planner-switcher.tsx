import { useId } from "react";
import { t } from "../../../lib/i18n";
import { useSharedPlanners } from "../api/get-shared-planners";

/**
 * Which planner is shown: mine or one shared with me. Shown only when there is a choice (or
 * the address names a planner that is no longer in it).
 */
export function PlannerSwitcher({
  owner,
  onChange,
}: {
  owner: string;
  onChange: (owner: string) => void;
}) {
  const shared = useSharedPlanners();
  const selectId = useId();
  const owners = shared.data ?? [];
  if (owners.length === 0 && !owner) return null;
  const choices = owner && !owners.includes(owner) ? [...owners, owner] : owners;
  return (
    <div className="field planner-switcher">
      <label htmlFor={selectId}>{t("planner.switcher.label")}</label>
      <select id={selectId} value={owner} onChange={(event) => onChange(event.target.value)}>
        <option value="">{t("planner.switcher.mine")}</option>
        {choices.map((name) => (
          <option key={name} value={name}>
            {t("planner.switcher.theirs", { name })}
          </option>
        ))}
      </select>
    </div>
  );
}
