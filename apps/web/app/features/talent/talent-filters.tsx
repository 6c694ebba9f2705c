import type { FormEvent } from "react";
import { Link, useNavigate } from "react-router";
import { FITNESS_LEVELS, POSITIONS, PREFERRED_FEET, PROVINCES } from "@touchline/contract/enums";
import { HEIGHT_CM, TALENT_AGE } from "@touchline/contract/limits";
import { TALENT } from "@touchline/contract/messages";
import { hasTalentFilters, type TalentListQuery } from "@touchline/contract/talent";
import { Button, buttonClass } from "../../components/button.tsx";
import { CheckboxField, SelectField, TextField } from "../../components/field.tsx";
import { filtersPath } from "./display.ts";

export const LIST_ANCHOR = "talent-list";

/**
 * The list's filters as a plain GET form: without JavaScript the browser submits it to
 * /players?…, so a filtered list is a URL that can be shared and reloaded. With JavaScript the
 * same URL is built without the empty fields and opened without a full page load.
 */
export function TalentFilters({
  query,
  errors,
}: {
  query: TalentListQuery;
  errors: Partial<Record<keyof TalentListQuery, string>>;
}) {
  const navigate = useNavigate();
  const invalid = Object.keys(errors).length > 0;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void navigate(`${filtersPath(new FormData(event.currentTarget))}#${LIST_ANCHOR}`, { preventScrollReset: true });
  };

  const value = (key: keyof TalentListQuery) => (query[key] === undefined ? "" : String(query[key]));

  return (
    <form
      method="get"
      action={`/players#${LIST_ANCHOR}`}
      onSubmit={onSubmit}
      role="search"
      aria-label="Filter players"
      className="flex flex-col gap-4"
    >
      {invalid ? (
        <p role="alert" className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          {TALENT.filtersIgnored}
        </p>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <TextField
          label="Search by name"
          name="q"
          type="search"
          defaultValue={value("q")}
          error={errors.q}
          placeholder="First name or username"
          autoComplete="off"
        />
        <SelectField
          label="Position"
          name="position"
          options={POSITIONS}
          placeholder="Any position"
          defaultValue={value("position")}
          error={errors.position}
        />
        <SelectField
          label="Preferred foot"
          name="foot"
          options={PREFERRED_FEET}
          placeholder="Any foot"
          defaultValue={value("foot")}
          error={errors.foot}
        />
        <SelectField
          label="Fitness"
          name="fitness"
          options={FITNESS_LEVELS}
          placeholder="Any fitness"
          defaultValue={value("fitness")}
          error={errors.fitness}
        />
        <SelectField
          label="Province"
          name="province"
          options={PROVINCES}
          placeholder="Any province"
          defaultValue={value("province")}
          error={errors.province}
        />
        <Range
          label="Age"
          unit="years"
          names={["minAge", "maxAge"]}
          bounds={TALENT_AGE}
          query={query}
          errors={errors}
          note={TALENT.ageBandNote}
        />
        <Range
          label="Height"
          unit="cm"
          names={["minHeight", "maxHeight"]}
          bounds={HEIGHT_CM}
          query={query}
          errors={errors}
        />
        <CheckboxField
          label={TALENT.ageVerifiedLabel}
          name="ageVerified"
          value="1"
          defaultChecked={query.ageVerified === "1"}
          error={errors.ageVerified}
        />
        <CheckboxField
          label={TALENT.endorsedLabel}
          name="endorsed"
          value="1"
          defaultChecked={query.endorsed === "1"}
          error={errors.endorsed}
        />
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit">Show players</Button>
        {hasTalentFilters(query) || invalid ? (
          <Link to={`/players#${LIST_ANCHOR}`} preventScrollReset className={buttonClass("ghost")}>
            Clear filters
          </Link>
        ) : null}
      </div>
    </form>
  );
}

/** "Age from … to …": two number fields that read as one range. */
function Range({
  label,
  unit,
  names,
  bounds,
  query,
  errors,
  note,
}: {
  label: string;
  unit: string;
  names: ["minAge", "maxAge"] | ["minHeight", "maxHeight"];
  bounds: { min: number; max: number };
  query: TalentListQuery;
  errors: Partial<Record<keyof TalentListQuery, string>>;
  /** A line under both fields on how the range matches. */
  note?: string;
}) {
  const [from, to] = names;
  const input = { type: "number", inputMode: "numeric", min: bounds.min, max: bounds.max, step: 1 } as const;
  return (
    <fieldset className="grid grid-cols-2 gap-3 sm:col-span-2 lg:col-span-2">
      <legend className="sr-only">{`${label} range (${unit})`}</legend>
      <TextField
        label={`${label} from (${unit})`}
        name={from}
        defaultValue={query[from] ?? ""}
        error={errors[from]}
        placeholder={String(bounds.min)}
        {...input}
      />
      <TextField
        label={`${label} to (${unit})`}
        name={to}
        defaultValue={query[to] ?? ""}
        error={errors[to]}
        placeholder={String(bounds.max)}
        {...input}
      />
      {note ? <p className="col-span-2 text-xs text-slate-600">{note}</p> : null}
    </fieldset>
  );
}
