import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { Link } from "react-router";
import { toast } from "../../lib/toast.ts";
import { scoutRequestSchema } from "@touchline/contract/scout-schemas";
import { REQUEST_STATE_TEXT } from "@touchline/contract/scouts";
import { Button } from "../../components/button.tsx";
import { SelectField, TextAreaField, TextField } from "../../components/field.tsx";
import { FormAlert } from "../../components/form-alert.tsx";
import { formatDate, positionsText } from "../../lib/player-display.ts";
import { useApiMutation } from "../../lib/use-api-mutation.ts";
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
import { issuesByField, useFormErrors } from "./scout-forms.ts";

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

function AddToShortlist({ username }: { username: string }) {
  const queryClient = useQueryClient();
  const lists = useQuery({ queryKey: SHORTLISTS_QUERY, queryFn: fetchShortlists });
  const [listId, setListId] = useState("");
  const [newName, setNewName] = useState("");
  const [note, setNote] = useState("");
  const errors = useFormErrors();
  const create = useApiMutation(createShortlist);
  const put = useApiMutation(putShortlistEntry);
  const current = lists.data?.shortlists.filter((list) => list.entries.some((entry) => entry.username === username));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    errors.clear();
    try {
      let id = listId;
      if (!id) {
        if (!newName.trim()) return errors.showFields({ name: "Choose a shortlist or name a new one" });
        const created = await create.mutateAsync(newName.trim());
        id = created.shortlists.find((list) => list.name === newName.trim())?.id ?? "";
      }
      const answer = await put.mutateAsync({ id, username, note });
      queryClient.setQueryData(SHORTLISTS_QUERY, answer);
      toast.success("Added to your shortlist.", { id: "scout" });
      setNewName("");
    } catch (failure) {
      errors.show(failure);
    }
  };

  return (
    <section aria-labelledby="shortlist-title" className={sectionClass}>
      <h2 id="shortlist-title" className="text-lg font-bold text-slate-900">
        Shortlist
      </h2>
      {current?.length ? (
        <p className="text-sm text-slate-700">On your lists: {current.map((list) => list.name).join(", ")}</p>
      ) : null}
      <form onSubmit={onSubmit} noValidate className="mt-3 space-y-3">
        {errors.formError ? <FormAlert>{errors.formError}</FormAlert> : null}
        <SelectField
          label="Shortlist"
          placeholder="A new shortlist…"
          value={listId}
          onChange={(event) => setListId(event.target.value)}
          options={(lists.data?.shortlists ?? []).map((list) => ({ value: list.id, label: list.name }))}
        />
        {listId ? null : (
          <TextField
            label="Name of the new shortlist"
            value={newName}
            onChange={(event) => setNewName(event.target.value)}
            error={errors.fieldErrors.name}
          />
        )}
        <TextAreaField
          label="Private note"
          hint="Only you see it."
          value={note}
          onChange={(event) => setNote(event.target.value)}
          error={errors.fieldErrors.note}
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
  const [values, setValues] = useState({ kind: "trial", message: "", trialDate: "", trialPlace: "" });
  const errors = useFormErrors();
  const send = useApiMutation(sendRequest);
  const mine = sent.data?.requests.filter((request) => request.player.username === username) ?? [];
  const set = (name: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [name]: event.target.value }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    errors.clear();
    const body = { username, ...values };
    const checked = scoutRequestSchema.safeParse(body);
    if (!checked.success) return errors.showFields(issuesByField(checked.error.issues));
    try {
      const answer = await send.mutateAsync(body);
      toast.success(answer.message, { id: "scout" });
      await queryClient.invalidateQueries({ queryKey: SENT_REQUESTS_QUERY });
      setValues({ kind: values.kind, message: "", trialDate: "", trialPlace: "" });
    } catch (failure) {
      errors.show(failure);
    }
  };

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
        {errors.formError ? <FormAlert>{errors.formError}</FormAlert> : null}
        <SelectField
          label="What to send"
          value={values.kind}
          onChange={set("kind")}
          options={[
            { value: "trial", label: "A trial invitation" },
            { value: "contact", label: "A contact request" },
          ]}
        />
        {values.kind === "trial" ? (
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField
              label="Date of the trial"
              type="date"
              value={values.trialDate}
              onChange={set("trialDate")}
              error={errors.fieldErrors.trialDate}
            />
            <TextField
              label="Place"
              value={values.trialPlace}
              onChange={set("trialPlace")}
              error={errors.fieldErrors.trialPlace}
            />
          </div>
        ) : null}
        <TextAreaField
          label="Message"
          value={values.message}
          onChange={set("message")}
          error={errors.fieldErrors.message}
        />
        <Button type="submit" disabled={send.isPending}>
          {values.kind === "trial" ? "Send the invitation" : "Send the request"}
        </Button>
      </form>
    </section>
  );
}
