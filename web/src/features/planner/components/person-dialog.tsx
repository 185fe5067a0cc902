import type { Allergen, Diet, PlannerPerson } from "@potluck/contract";
import { type FormEvent, useId, useRef, useState } from "react";
import { AsyncPicker } from "../../../components/async-picker";
import { Modal, ModalActions } from "../../../components/modal";
import { fieldErrorsOf } from "../../../lib/field-errors";
import { ALLERGEN_CODES, allergenName, DIET_CODES, dietName } from "../../../lib/food-names";
import { formattingLocale, t } from "../../../lib/i18n";
import { searchIngredients } from "../../../lib/ingredients/search-ingredients";
import { useCreatePlannerPerson, useUpdatePlannerPerson } from "../api/people";
import { problemOf } from "../messages";

/**
 * The longest name (the contract's PLANNER_PERSON_NAME_MAX, kept here: the contract's planner
 * module builds zod schemas, which would come with it).
 */
const NAME_MAX = 60;

/** "Peanuts": an allergen as a choice of its own reads (the catalogue's is lower-case). */
const allergenChoice = (allergen: Allergen) => {
  const name = allergenName(allergen);
  return name.charAt(0).toLocaleUpperCase(formattingLocale()) + name.slice(1);
};

const searchDislikes = (text: string) => searchIngredients(text, 10);

/** Ticks or unticks `code` in `chosen`, keeping the order of `all`. */
const toggled = <Code extends string>(
  all: readonly Code[],
  chosen: Code[],
  code: Code,
  on: boolean,
) => all.filter((one) => (one === code ? on : chosen.includes(one)));

/**
 * Add a person to the planner's table (`person` null), or change one: their name (only a
 * person without an account: an account is named by its username), the allergens a meal must
 * not hold (the EU's 14), the diets it must keep to, and the catalogue's ingredients they'd
 * rather not eat (picked by search, each with a button that takes it out).
 */
export function PersonDialog({
  owner,
  person,
  onSaved,
  onClose,
}: {
  owner: string;
  person: PlannerPerson | null;
  onSaved: (person: PlannerPerson) => void;
  onClose: () => void;
}) {
  const namable = person === null || person.username === null;
  const [name, setName] = useState(person?.name ?? "");
  const [allergens, setAllergens] = useState<Allergen[]>(person?.allergens ?? []);
  const [diets, setDiets] = useState<Diet[]>(person?.diets ?? []);
  const [dislikes, setDislikes] = useState(person?.dislikes ?? []);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreatePlannerPerson(owner);
  const update = useUpdatePlannerPerson(owner);
  const id = useId();
  const nameField = useRef<HTMLInputElement>(null);
  const firstAllergen = useRef<HTMLInputElement>(null);

  const failed = (error: unknown) => {
    const fields = fieldErrorsOf(error);
    setErrors(
      Object.keys(fields).length > 0
        ? fields
        : { form: t("planner.table.saveFailed", { problem: problemOf(error) }) },
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typed = name.trim();
    if (namable && !typed) {
      setErrors({ name: t("planner.table.nameRequired") });
      nameField.current?.focus();
      return;
    }
    setErrors({});
    const needs = { allergens, diets, dislikes: dislikes.map((ingredient) => ingredient.id) };
    if (person === null) {
      create.mutate({ name: typed, ...needs }, { onSuccess: onSaved, onError: failed });
    } else {
      update.mutate(
        { id: person.id, change: { ...(namable && { name: typed }), ...needs } },
        { onSuccess: onSaved, onError: failed },
      );
    }
  };

  const errorOf = (field: string) =>
    errors[field] && (
      <p id={`${id}-${field}-error`} className="field-error" role="alert">
        {errors[field]}
      </p>
    );
  const describedBy = (field: string) => (errors[field] ? `${id}-${field}-error` : undefined);

  return (
    <Modal
      title={
        person === null
          ? t("planner.table.addPerson")
          : t("planner.table.editTitle", { name: person.name })
      }
      onClose={onClose}
      initialFocus={namable ? nameField : firstAllergen}
      className="planner-person-dialog"
    >
      <form className="form" onSubmit={submit} noValidate>
        {namable && (
          <div className="field">
            <label htmlFor={`${id}-name`}>{t("planner.table.name")}</label>
            <input
              ref={nameField}
              id={`${id}-name`}
              type="text"
              autoComplete="off"
              maxLength={NAME_MAX}
              value={name}
              aria-invalid={errors.name ? true : undefined}
              aria-describedby={describedBy("name")}
              onChange={(event) => {
                setName(event.target.value);
                setErrors(({ name: _, ...rest }) => rest);
              }}
            />
            {errorOf("name")}
          </div>
        )}
        <fieldset className="field choice-group" aria-describedby={describedBy("allergens")}>
          <legend>{t("planner.table.allergens")}</legend>
          <div className="planner-choice-grid">
            {ALLERGEN_CODES.map((allergen, index) => (
              <label key={allergen} className="choice">
                <input
                  ref={index === 0 ? firstAllergen : undefined}
                  type="checkbox"
                  checked={allergens.includes(allergen)}
                  onChange={(event) =>
                    setAllergens((was) =>
                      toggled(ALLERGEN_CODES, was, allergen, event.target.checked),
                    )
                  }
                />
                <span>{allergenChoice(allergen)}</span>
              </label>
            ))}
          </div>
          {errorOf("allergens")}
        </fieldset>
        <fieldset className="field choice-group" aria-describedby={describedBy("diets")}>
          <legend>{t("planner.table.diets")}</legend>
          <div className="planner-choice-grid">
            {DIET_CODES.map((diet) => (
              <label key={diet} className="choice">
                <input
                  type="checkbox"
                  checked={diets.includes(diet)}
                  onChange={(event) =>
                    setDiets((was) => toggled(DIET_CODES, was, diet, event.target.checked))
                  }
                />
                <span>{dietName(diet)}</span>
              </label>
            ))}
          </div>
          {errorOf("diets")}
        </fieldset>
        <fieldset className="field choice-group" aria-describedby={describedBy("dislikes")}>
          <legend>{t("planner.table.dislikes")}</legend>
          <label htmlFor={`${id}-dislike`} className="planner-dislike-label">
            {t("planner.table.addDislike")}
          </label>
          <AsyncPicker
            inputId={`${id}-dislike`}
            value={null}
            onChange={(option) => {
              if (!option) return;
              setDislikes((was) =>
                was.some((one) => one.id === option.id)
                  ? was
                  : [...was, { id: option.id, name: option.name }],
              );
            }}
            loadOptions={searchDislikes}
          />
          {dislikes.length > 0 && (
            <ul className="planner-dislikes">
              {dislikes.map((ingredient) => (
                <li key={ingredient.id}>
                  <span>{ingredient.name}</span>
                  <button
                    type="button"
                    className="icon-button"
                    aria-label={t("planner.table.removeDislike", { name: ingredient.name })}
                    onClick={() => {
                      setDislikes((was) => was.filter((one) => one.id !== ingredient.id));
                      // Its button is gone: back to the picker.
                      document.getElementById(`${id}-dislike`)?.focus();
                    }}
                  >
                    <span aria-hidden="true">×</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          {errorOf("dislikes")}
        </fieldset>
        {errors.form && (
          <p className="alert alert-error" role="alert">
            {errors.form}
          </p>
        )}
        <ModalActions
          label={t("planner.table.save")}
          busy={create.isPending || update.isPending}
          busyLabel={t("planner.table.saving")}
          onCancel={onClose}
        />
      </form>
    </Modal>
  );
}
