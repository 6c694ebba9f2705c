import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import * as z from "zod/mini";
import { Link } from "react-router";
import { toast } from "../../lib/toast.ts";
import { scoutRequestSchema, type ScoutRequestInput } from "@touchline/contract/scout-schemas";
import { FIELD } from "@touchline/contract/messages";
import { REQUEST_STATE_TEXT, SCOUT } from "@touchline/contract/scouts";
import { Button } from "../../components/button.tsx";
import { SelectField, TextAreaField, TextField } from "../../components/field.tsx";
import { FormAlert } from "../../components/form-alert.tsx";
import { formatDate, positionsText } from "../../lib/player-display.ts";
import { errorText } from "../../lib/error-text.ts";
import { applyServerErrors } from "../../lib/server-errors.ts";
import { useApiMutation } from "../../lib/use-api-mutation.ts";
import { useSchemaForm } from "../../lib/use-schema-form.ts";
import {
  createShortlist,
  fetchSentRequests,
  fetchShortlists,
  putShortlistEntry,
  sendRequest,
  SENT_REQUESTS_QUERY,
  SHORTLISTS_QUERY,
  fetchTalentPlayer,
} from "./scout-api.ts";
import { useScoutAccount } from "./scout-gate.tsx";

const sectionClass = "rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200";

/**
 * /scouts/players/{username}: a verified scout's tools for one public player: add them to a
 * shortlist with a note, and send a contact request or a trial invitation. The player's page
 * itself is the public one: a scout sees nothing more until a request is accepted.
 */
export function ScoutPlayer({ username }: { username: string }) {
  const { data } = useScoutAccount();
  const player = useQuery({
    queryKey: ["public-player", username],
    queryFn: () => fetchTalentPlayer(username),
    retry: false,
  });
  if (data!.scout.state !== "verified")
    return (
      <div className="mx-auto max-w-3xl px-4 py-8">
        <FormAlert>Your account must be verified by our team first.</FormAlert>
        <Link to="/scouts" className="mt-4 inline-block text-brand-700 underline">
          See where your account stands
        </Link>
      </div>
    );
  if (player.isPending) return <p className="px-4 py-24 text-center text-slate-600">Loading…</p>;
  if (!player.data)
    return (
      <div className="mx-auto max-w-3xl px-4 py-8">
        <FormAlert>This player&apos;s profile is not public.</FormAlert>
      </div>
    );
  const p = player.data;
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-8">
      <header>
        <h1 className="text-2xl font-bold text-slate-900">
          {p.firstName} {p.lastInitial}. ({p.username})
        </h1>
        <p className="text-slate-700">
          {positionsText(p.position, p.secondaryPosition)} ·{" "}
          <Link to={`/players/${encodeURIComponent(p.username)}`} className="text-brand-700 underline">
            Public profile and videos
          </Link>
        </p>
      </header>
      <AddToShortlist username={p.username} />
      <RequestForm username={p.username} firstName={p.firstName} />
    </div>
  );
}

/** An existing list, or the name of a new one; the server checks the name and the note again. */
const addToShortlistSchema = z.object({ listId: z.string(), name: z.string().check(z.trim()), note: z.string() }).check(
  z.refine((values) => values.listId !== "" || values.name !== "", {
    message: SCOUT.shortlistChooseOrName,
    path: ["name"],
  }),
);
type AddToShortlistValues = z.input<typeof addToShortlistSchema>;

function AddToShortlist({ username }: { username: string }) {
  const queryClient = useQueryClient();
  const lists = useQuery({ queryKey: SHORTLISTS_QUERY, queryFn: fetchShortlists });
  const [formError, setFormError] = useState<string>();
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    watch,
    formState: { errors },
  } = useSchemaForm<AddToShortlistValues>({
    schema: addToShortlistSchema,
    defaultValues: { listId: "", name: "", note: "" },
  });
  const create = useApiMutation(createShortlist);
  const put = useApiMutation(putShortlistEntry);
  const current = lists.data?.shortlists.filter((list) => list.entries.some((entry) => entry.username === username));
  const listId = watch("listId");

  const onSubmit = handleSubmit(
    async (values) => {
      setFormError(undefined);
      try {
        let id = values.listId;
        if (!id) {
          const created = await create.mutateAsync(values.name);
          id = created.shortlists.find((list) => list.name === values.name)?.id ?? "";
        }
        const answer = await put.mutateAsync({ id, username, note: values.note });
        queryClient.setQueryData(SHORTLISTS_QUERY, answer);
        toast.success("Added to your shortlist.", { id: "scout" });
        setValue("name", "");
      } catch (failure) {
        applyServerErrors(failure, ["name", "note"], setError, { focus: false });
        setFormError(errorText(failure));
      }
    },
    () => setFormError(FIELD.fieldsToCorrect),
  );

  return (
    <section aria-labelledby="shortlist-title" className={sectionClass}>
      <h2 id="shortlist-title" className="text-lg font-bold text-slate-900">
        Shortlist
      </h2>
      {current?.length ? (
        <p className="text-sm text-slate-700">On your lists: {current.map((list) => list.name).join(", ")}</p>
      ) : null}
      <form onSubmit={onSubmit} noValidate className="mt-3 space-y-3">
        {formError ? <FormAlert>{formError}</FormAlert> : null}
        <SelectField
          label="Shortlist"
          placeholder="A new shortlist…"
          options={(lists.data?.shortlists ?? []).map((list) => ({ value: list.id, label: list.name }))}
          {...register("listId")}
        />
        {listId ? null : (
          <TextField label="Name of the new shortlist" error={errors.name?.message} {...register("name")} />
        )}
        <TextAreaField
          label="Private note"
          hint="Only you see it."
          error={errors.note?.message}
          {...register("note")}
        />
        <Button type="submit" variant="secondary" disabled={put.isPending || create.isPending}>
          Add to shortlist
        </Button>
      </form>
    </section>
  );
}

function RequestForm({ username, firstName }: { username: string; firstName: string }) {
  const queryClient = useQueryClient();
  const sent = useQuery({ queryKey: SENT_REQUESTS_QUERY, queryFn: fetchSentRequests });
  const [formError, setFormError] = useState<string>();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    getValues,
    watch,
    formState: { errors },
  } = useSchemaForm<ScoutRequestInput, unknown>({
    schema: scoutRequestSchema,
    defaultValues: { username, kind: "trial", message: "", trialDate: "", trialPlace: "" },
  });
  const send = useApiMutation(sendRequest);
  const mine = sent.data?.requests.filter((request) => request.player.username === username) ?? [];
  const kind = watch("kind");

  // The request is sent as typed: the server applies the same schema again.
  const onSubmit = handleSubmit(
    async () => {
      setFormError(undefined);
      const body = {
        username,
        kind: getValues("kind"),
        message: getValues("message"),
        trialDate: getValues("trialDate") ?? "",
        trialPlace: getValues("trialPlace") ?? "",
      };
      try {
        const answer = await send.mutateAsync(body);
        toast.success(answer.message, { id: "scout" });
        await queryClient.invalidateQueries({ queryKey: SENT_REQUESTS_QUERY });
        reset({ username, kind: body.kind, message: "", trialDate: "", trialPlace: "" });
      } catch (failure) {
        applyServerErrors(failure, ["kind", "message", "trialDate", "trialPlace"], setError, { focus: false });
        setFormError(errorText(failure));
      }
    },
    () => setFormError(FIELD.fieldsToCorrect),
  );

  return (
    <section aria-labelledby="request-title" className={sectionClass}>
      <h2 id="request-title" className="text-lg font-bold text-slate-900">
        Invite {firstName}
      </h2>
      <p className="text-sm text-slate-700">
        {firstName} (and a parent or guardian, for a player under 18) gets an SMS and answers in their account. You see
        each other&apos;s phone and e-mail only once they accept.
      </p>
      {mine.length ? (
        <ul className="mt-2 space-y-1 text-sm text-slate-800">
          {mine.map((request) => (
            <li key={request.id}>
              {request.kind === "trial" ? "Trial invitation" : "Contact request"} of {formatDate(request.sentAt)}:{" "}
              <strong>{REQUEST_STATE_TEXT[request.state]}</strong>
            </li>
          ))}
        </ul>
      ) : null}
      <form onSubmit={onSubmit} noValidate className="mt-3 space-y-3">
        {formError ? <FormAlert>{formError}</FormAlert> : null}
        <SelectField
          label="What to send"
          {...register("kind")}
          options={[
            { value: "trial", label: "A trial invitation" },
            { value: "contact", label: "A contact request" },
          ]}
        />
        {kind === "trial" ? (
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField
              label="Date of the trial"
              type="date"
              error={errors.trialDate?.message}
              {...register("trialDate")}
            />
            <TextField label="Place" error={errors.trialPlace?.message} {...register("trialPlace")} />
          </div>
        ) : null}
        <TextAreaField label="Message" error={errors.message?.message} {...register("message")} />
        <Button type="submit" disabled={send.isPending}>
          {kind === "trial" ? "Send the invitation" : "Send the request"}
        </Button>
      </form>
    </section>
  );
}
