import type { RecipeVisibility, UnitsPreference } from "@potluck/contract";
import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { AsyncPicker } from "../../components/async-picker";
import { LanguageCard } from "../../components/language-menu";
import { LoadError } from "../../components/load-error";
import { Loading } from "../../components/status";
import { useStaples, useToggleStaple } from "../../features/groceries/api/staples";
import { NotificationSettingsCard } from "../../features/notifications/components/notification-settings-card";
import { useUpdatePreferences } from "../../features/settings/api/update-preferences";
import { AccountCard } from "../../features/settings/components/account-card";
import { AccountDetailsCard } from "../../features/settings/components/account-details-card";
import { SignedInDevicesCard } from "../../features/settings/components/signed-in-devices-card";
import { BlockedCooksCard } from "../../features/users/components/blocked-cooks-card";
import { reasonOf } from "../../lib/api-client";
import { t } from "../../lib/i18n";
import { searchIngredients } from "../../lib/ingredients/search-ingredients";
import { VISIBILITY_CHOICES } from "../../lib/recipe-visibility";
import { preferencesQuery } from "../../lib/units-preference";
import { useChosen } from "../../lib/use-chosen";
import { useDocumentTitle } from "../../lib/use-document-title";
import { forgetDeviceData } from "../forget-device-data";

const unitsChoices = (): { value: UnitsPreference; label: string; hint: string }[] => [
  {
    value: "as_written",
    label: t("app.settings.unitsAsWritten"),
    hint: t("app.settings.unitsAsWrittenHint"),
  },
  {
    value: "metric",
    label: t("app.settings.unitsMetric"),
    hint: t("app.settings.unitsMetricHint"),
  },
  { value: "us", label: t("app.settings.unitsUs"), hint: t("app.settings.unitsUsHint") },
  {
    value: "metric_weights",
    label: t("app.settings.unitsMetricWeights"),
    hint: t("app.settings.unitsMetricWeightsHint"),
  },
];

const searchStaples = (text: string) => searchIngredients(text, 20);

/** /settings: the cook's units, what they always have at home, and their account itself. */
export default function SettingsPage() {
  useDocumentTitle(t("app.settings.title"));
  return (
    <section className="page settings-page">
      <header className="page-header">
        <h1>{t("app.settings.title")}</h1>
      </header>
      <div className="settings-grid">
        <LanguageCard />
        <UnitsCard />
        <VisibilityCard />
        <StaplesCard />
        <NotificationSettingsCard />
        <AccountDetailsCard />
        <SignedInDevicesCard />
        <BlockedCooksCard />
        <AccountCard forgetDeviceData={forgetDeviceData} />
      </div>
    </section>
  );
}

/** Metric, US or as written: saved as soon as it is chosen. */
function UnitsCard() {
  const preferences = useQuery(preferencesQuery);
  const update = useUpdatePreferences();
  const statusId = useId();
  const [chosen, pick] = useChosen(preferences.data?.units);
  const choose = (units: UnitsPreference) => {
    pick(units);
    update.mutate({ units }, { onError: () => pick(null) });
  };
  return (
    <section className="card settings-card">
      {preferences.isPending ? (
        <Loading />
      ) : preferences.isError ? (
        <LoadError
          text={t("app.settings.unitsLoadFailed")}
          onRetry={() => void preferences.refetch()}
          retrying={preferences.isFetching}
        />
      ) : (
        <fieldset className="choice-group" aria-describedby={statusId}>
          <legend>
            <h2>{t("app.settings.unitsHeading")}</h2>
            <span className="muted small">{t("app.settings.unitsExplained")}</span>
          </legend>
          {unitsChoices().map((choice) => (
            <label key={choice.value} className="choice">
              <input
                type="radio"
                name="units"
                value={choice.value}
                checked={chosen === choice.value}
                onChange={() => choose(choice.value)}
              />
              <span>
                <span className="choice-label">{choice.label}</span>{" "}
                <span className="muted small">{choice.hint}</span>
              </span>
            </label>
          ))}
        </fieldset>
      )}
      <p id={statusId} className="status-text small" role="status">
        {update.isPending
          ? t("app.settings.saving")
          : update.isError
            ? t("app.settings.unitsSaveFailed", { reason: reasonOf(update.error) })
            : update.isSuccess
              ? t("app.settings.saved")
              : ""}
      </p>
    </section>
  );
}

/** Who sees a new recipe unless its form says otherwise: saved as soon as it is chosen. */
function VisibilityCard() {
  const preferences = useQuery(preferencesQuery);
  const update = useUpdatePreferences();
  const statusId = useId();
  const [chosen, pick] = useChosen<RecipeVisibility>(
    preferences.data?.default_visibility ?? "public",
  );
  const choose = (visibility: RecipeVisibility) => {
    pick(visibility);
    update.mutate({ default_visibility: visibility }, { onError: () => pick(null) });
  };
  if (preferences.isPending || preferences.isError) return null;
  return (
    <section className="card settings-card">
      <fieldset className="choice-group" aria-describedby={statusId}>
        <legend>
          <h2>{t("app.settings.visibilityHeading")}</h2>
          <span className="muted small">{t("app.settings.visibilityExplained")}</span>
        </legend>
        {VISIBILITY_CHOICES.map((choice) => (
          <label key={choice.value} className="choice">
            <input
              type="radio"
              name="default-visibility"
              value={choice.value}
              checked={chosen === choice.value}
              onChange={() => choose(choice.value)}
            />
            <span>
              <span className="choice-label">{choice.label}</span>{" "}
              <span className="muted small">{choice.hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <p id={statusId} className="status-text small" role="status">
        {update.isPending
          ? t("app.settings.saving")
          : update.isError
            ? t("app.settings.visibilitySaveFailed", { reason: reasonOf(update.error) })
            : update.isSuccess
              ? t("app.settings.saved")
              : ""}
      </p>
    </section>
  );
}

/** Staples: lines of these go to "Probably at home" at the end of every shopping list. */
function StaplesCard() {
  const staples = useStaples();
  const toggle = useToggleStaple();
  const headingId = useId();
  const pickerId = useId();
  return (
    <section className="card settings-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t("app.settings.staplesHeading")}</h2>
      <p className="muted small">{t("app.settings.staplesExplained")}</p>
      <div className="field">
        <label htmlFor={pickerId}>{t("app.settings.staplesAdd")}</label>
        <AsyncPicker
          inputId={pickerId}
          value={null}
          onChange={(option) => option && toggle.mutate({ ingredientId: option.id, staple: true })}
          loadOptions={searchStaples}
        />
      </div>
      {toggle.isError && (
        <p className="field-error" role="alert">
          {t("app.settings.staplesFailed", { reason: reasonOf(toggle.error) })}
        </p>
      )}
      {staples.isPending ? (
        <Loading />
      ) : staples.isError ? (
        <LoadError
          text={t("app.settings.staplesLoadFailed")}
          onRetry={() => void staples.refetch()}
          retrying={staples.isFetching}
        />
      ) : staples.data.length === 0 ? (
        <p className="muted">{t("app.settings.staplesEmpty")}</p>
      ) : (
        <ul className="staples-list">
          {staples.data.map((ingredient) => (
            <li key={ingredient.id}>
              <span>{ingredient.name}</span>
              <button
                type="button"
                className="btn btn-small btn-secondary"
                aria-label={t("app.settings.staplesRemoveLabel", { name: ingredient.name })}
                disabled={toggle.isPending}
                onClick={() => toggle.mutate({ ingredientId: ingredient.id, staple: false })}
              >
                {t("app.settings.staplesRemove")}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
