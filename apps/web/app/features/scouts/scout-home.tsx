import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { Link } from "react-router";
import { toast } from "../../lib/toast.ts";
import { savedSearchSchema, shortlistNameSchema } from "@touchline/contract/scout-schemas";
import { FIELD } from "@touchline/contract/messages";
import * as z from "zod/mini";
import { FITNESS_LEVELS, POSITIONS, PREFERRED_FEET, PROVINCES } from "@touchline/contract/enums";
import { ORGANISATION_KIND_LABELS, SCOUT, SCOUT_STATE_TEXT } from "@touchline/contract/scouts";
import { Button, buttonClass } from "../../components/button.tsx";
import { SelectField, TextField } from "../../components/field.tsx";
import { FormAlert } from "../../components/form-alert.tsx";
import { useApiMutation } from "../../lib/use-api-mutation.ts";
import {
  createShortlist,
  deleteSearch,
  deleteShortlist,
  fetchSearches,
  fetchSentRequests,
  fetchShortlists,
  removeShortlistEntry,
  saveSearch,
  SEARCHES_QUERY,
  SENT_REQUESTS_QUERY,
  setSearchSubscribed,
  SHORTLISTS_QUERY,
} from "./scout-api.ts";
import { useScoutAccount } from "./scout-gate.tsx";
import { errorText } from "../../lib/error-text.ts";
import { applyServerErrors, formFailure } from "../../lib/server-errors.ts";
import { useSchemaForm } from "../../lib/use-schema-form.ts";
import { VerificationSteps } from "./verification-steps.tsx";
import { SentRequestSummary } from "./sent-request.tsx";
import { filtersText } from "./search-text.ts";

const sectionClass = "rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200";

/**
 * /scouts: the scout's account, their messages (`inbox`, drawn by the route), and once verified
 * their requests, shortlists and saved searches.
 */
export function ScoutHome({ inbox }: { inbox?: ReactNode }) {
  const { data } = useScoutAccount();
  const scout = data!.scout;
  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-8">
      <header>
        <h1 className="text-2xl font-bold text-slate-900">
          {scout.firstName} {scout.lastName}
        </h1>
        <p className="text-slate-700">
          {scout.roleTitle}, {scout.organisation} ({ORGANISATION_KIND_LABELS[scout.organisationKind]}) ·{" "}
          <span
            className={scout.state === "verified" ? "font-semibold text-green-800" : "font-semibold text-amber-800"}
          >
            {scout.state === "verified" ? "✓ Verified scout" : SCOUT_STATE_TEXT[scout.state]}
          </span>
        </p>
      </header>
      {inbox}
      {scout.state === "verified" ? (
        <>
          <p>
            <Link to="/players" className={buttonClass("primary")}>
              Find players
            </Link>
          </p>
          <SentRequests />
          <Shortlists />
          <SavedSearches />
        </>
      ) : (
        <VerificationSteps scout={scout} />
      )}
    </div>
  );
}

function SentRequests() {
  const requests = useQuery({ queryKey: SENT_REQUESTS_QUERY, queryFn: fetchSentRequests });
  return (
    <section aria-labelledby="sent-requests" className={sectionClass}>
      <h2 id="sent-requests" className="text-lg font-bold text-slate-900">
        Your requests
      </h2>
      {requests.data?.requests.length ? (
        <ul className="mt-3 divide-y divide-slate-200">
          {requests.data.requests.map((request) => (
            <li key={request.id} className="py-3">
              <SentRequestSummary request={request} withPlayer />
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-sm text-slate-600">
          {requests.isPending ? "Loading…" : "No requests yet. Open a player's page to invite them."}
        </p>
      )}
    </section>
  );
}

function Shortlists() {
  const queryClient = useQueryClient();
  const lists = useQuery({ queryKey: SHORTLISTS_QUERY, queryFn: fetchShortlists });
  const [formError, setFormError] = useState<string>();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useSchemaForm<{ name: string }>({ schema: shortlistNameSchema, defaultValues: { name: "" } });
  const create = useApiMutation(createShortlist);
  const remove = useApiMutation(deleteShortlist);
  const removeEntry = useApiMutation(removeShortlistEntry);
  const show = (answer: Awaited<ReturnType<typeof fetchShortlists>>) =>
    queryClient.setQueryData(SHORTLISTS_QUERY, answer);

  const onCreate = handleSubmit(
    async ({ name }) => {
      setFormError(undefined);
      try {
        show(await create.mutateAsync(name));
        reset({ name: "" });
      } catch (failure) {
        setFormError(formFailure(failure, ["name"], setError));
      }
    },
    () => setFormError(undefined),
  );

  return (
    <section aria-labelledby="shortlists" className={sectionClass}>
      <h2 id="shortlists" className="text-lg font-bold text-slate-900">
        Shortlists
      </h2>
      {lists.data?.shortlists.map((list) => (
        <div key={list.id} className="mt-4">
          <div className="flex items-center justify-between gap-3">
            <h3 className="font-semibold text-slate-900">{list.name}</h3>
            <Button
              variant="ghost"
              onClick={async () => {
                try {
                  show(await remove.mutateAsync(list.id));
                } catch (failure) {
                  toast.error(errorText(failure));
                }
              }}
            >
              Delete list
            </Button>
          </div>
          {list.entries.length ? (
            <ul className="mt-1 space-y-2">
              {list.entries.map((entry) => (
                <li key={entry.username} className="rounded-lg bg-slate-50 p-3 text-sm">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    {entry.isPublic ? (
                      <Link
                        to={`/scouts/players/${encodeURIComponent(entry.username)}`}
                        className="font-semibold text-brand-700 underline"
                      >
                        {entry.firstName} ({entry.username})
                      </Link>
                    ) : null}
                    {entry.isPublic && entry.updated ? (
                      <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
                        {SCOUT.playerUpdated}
                      </span>
                    ) : null}
                    {entry.isPublic ? null : (
                      <span className="font-semibold text-slate-700">
                        {entry.firstName} ({entry.username}) · no longer public
                      </span>
                    )}
                    <Button
                      variant="ghost"
                      onClick={async () => {
                        try {
                          show(await removeEntry.mutateAsync({ id: list.id, username: entry.username }));
                        } catch (failure) {
                          toast.error(errorText(failure));
                        }
                      }}
                    >
                      Remove
                    </Button>
                  </div>
                  {entry.note ? <p className="mt-1 whitespace-pre-line text-slate-700">{entry.note}</p> : null}
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-slate-600">No players yet. Add them from their page.</p>
          )}
        </div>
      ))}
      <form onSubmit={onCreate} noValidate className="mt-4 flex flex-wrap items-end gap-3">
        {formError && !errors.name ? <FormAlert>{formError}</FormAlert> : null}
        <TextField label="New shortlist" error={errors.name?.message} {...register("name")} />
        <Button type="submit" variant="secondary" disabled={create.isPending}>
          Create
        </Button>
      </form>
    </section>
  );
}

const FILTER_FIELDS = [
  { name: "position", label: "Position", options: POSITIONS },
  { name: "foot", label: "Preferred foot", options: PREFERRED_FEET },
  { name: "fitness", label: "Fitness", options: FITNESS_LEVELS },
  { name: "province", label: "Province", options: PROVINCES },
] as const;

const SEARCH_FIELDS = ["name", "channel", ...FILTER_FIELDS.map((field) => field.name), "minAge", "maxAge"] as const;
type SearchFormValues = Record<(typeof SEARCH_FIELDS)[number], string>;
const EMPTY_SEARCH = Object.fromEntries(
  SEARCH_FIELDS.map((field) => [field, field === "channel" ? "email" : ""]),
) as SearchFormValues;
/** Only the name is checked here; the server checks the filters with the talent list's rules. */
const searchFormSchema = z.object({ name: savedSearchSchema.shape.name });

function SavedSearches() {
  const queryClient = useQueryClient();
  const searches = useQuery({ queryKey: SEARCHES_QUERY, queryFn: fetchSearches });
  const [formError, setFormError] = useState<string>();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    getValues,
    formState: { errors },
  } = useSchemaForm<SearchFormValues, unknown>({ schema: searchFormSchema, defaultValues: EMPTY_SEARCH });
  const save = useApiMutation(saveSearch);
  const toggle = useApiMutation(setSearchSubscribed);
  const remove = useApiMutation(deleteSearch);
  const show = (answer: Awaited<ReturnType<typeof fetchSearches>>) => queryClient.setQueryData(SEARCHES_QUERY, answer);

  // The filters go as chosen (empty ones included): the server keeps those with a value.
  const onSave = handleSubmit(
    async () => {
      setFormError(undefined);
      const { name, channel, ...filters } = Object.fromEntries(
        SEARCH_FIELDS.map((field) => [field, getValues(field)]),
      ) as SearchFormValues;
      try {
        show(await save.mutateAsync({ name: name.trim(), channel, filters }));
        reset({ ...EMPTY_SEARCH, channel });
        toast.success("Search saved.", { id: "scout" });
      } catch (failure) {
        applyServerErrors(failure, ["name"], setError, { focus: false });
        setFormError(errorText(failure));
      }
    },
    () => setFormError(FIELD.fieldsToCorrect),
  );
  const act = async (call: () => Promise<Awaited<ReturnType<typeof fetchSearches>>>) => {
    try {
      show(await call());
    } catch (failure) {
      toast.error(errorText(failure));
    }
  };

  return (
    <section aria-labelledby="saved-searches" className={sectionClass}>
      <h2 id="saved-searches" className="text-lg font-bold text-slate-900">
        Saved searches
      </h2>
      <p className="text-sm text-slate-700">{SCOUT.digestInterval}</p>
      {searches.data?.searches.length ? (
        <ul className="mt-3 divide-y divide-slate-200">
          {searches.data.searches.map((search) => (
            <li key={search.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <p className="text-slate-900">
                <Link
                  to={`/scouts/searches/${encodeURIComponent(search.id)}`}
                  className="font-semibold text-brand-700 underline"
                >
                  {search.name}
                </Link>
                : {filtersText(search)} · by {search.channel === "sms" ? "SMS" : "e-mail"}
                {search.subscribed ? "" : " · digest stopped"}
              </p>
              <div className="flex gap-2">
                <Button
                  variant="ghost"
                  onClick={() => void act(() => toggle.mutateAsync({ id: search.id, subscribed: !search.subscribed }))}
                >
                  {search.subscribed ? "Stop digest" : "Restart digest"}
                </Button>
                <Button variant="ghost" onClick={() => void act(() => remove.mutateAsync(search.id))}>
                  Delete
                </Button>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      <form onSubmit={onSave} noValidate className="mt-4 space-y-3">
        {formError ? <FormAlert>{formError}</FormAlert> : null}
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField label="Name of the search" error={errors.name?.message} {...register("name")} />
          <SelectField
            label="Send the weekly digest by"
            {...register("channel")}
            options={[
              { value: "email", label: "E-mail" },
              { value: "sms", label: "SMS" },
            ]}
          />
          {FILTER_FIELDS.map((field) => (
            <SelectField
              key={field.name}
              label={field.label}
              placeholder="Any"
              options={field.options}
              {...register(field.name)}
            />
          ))}
          <TextField label="Youngest age" inputMode="numeric" {...register("minAge")} />
          <TextField label="Oldest age" inputMode="numeric" {...register("maxAge")} />
        </div>
        <Button type="submit" variant="secondary" disabled={save.isPending}>
          Save search
        </Button>
      </form>
    </section>
  );
}
