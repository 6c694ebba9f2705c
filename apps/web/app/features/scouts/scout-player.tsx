import { useQuery, useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, useState, useTransition, type ReactNode } from "react";
import * as z from "zod/mini";
import { Link } from "react-router";
import { toast } from "../../lib/toast.ts";
import { FIELD } from "@touchline/contract/messages";
import { REQUEST_STATE_TEXT, SCOUT } from "@touchline/contract/scouts";
import type { PublicPlayer } from "@touchline/contract/talent";
import { Button } from "../../components/button.tsx";
import { SelectField, TextAreaField, TextField } from "../../components/field.tsx";
import { FormAlert } from "../../components/form-alert.tsx";
import { formatDate } from "../../lib/player-display.ts";
import { errorText } from "../../lib/error-text.ts";
import { applyServerErrors } from "../../lib/server-errors.ts";
import { useApiMutation } from "../../lib/use-api-mutation.ts";
import { useSchemaForm } from "../../lib/use-schema-form.ts";
import {
  createShortlist,
  fetchSentRequests,
  fetchShortlists,
  markPlayerSeen,
  putShortlistEntry,
  removeShortlistEntry,
  SENT_REQUESTS_QUERY,
  SHORTLISTS_QUERY,
  fetchTalentPlayer,
} from "./scout-api.ts";
import { useScoutAccount } from "./scout-gate.tsx";

const sectionClass = "rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200";

/**
 * /scouts/players/{username}: one page per player for a verified scout: everything the public
 * page shows (drawn by `profile`, which the route takes from the talent pages), then the
 * scout's own work on that player: the shortlists they are on with the notes, the history of
 * requests and answers, and the form to invite them.
 */
export function ScoutPlayer({
  username,
  profile = (player, workspace) => (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-8">
      <h1 className="text-2xl font-bold text-slate-900">
        {player.firstName} {player.lastInitial}. ({player.username})
      </h1>
      {workspace}
    </div>
  ),
}: {
  username: string;
  profile?: (player: PublicPlayer, workspace: ReactNode) => ReactNode;
}) {
  const { data } = useScoutAccount();
  const player = useQuery({
    queryKey: ["public-player", username],
    queryFn: () => fetchTalentPlayer(username),
    retry: false,
  });
  // Opening the page is the scout's look at the player: their "Updated" mark on the lists goes.
  const queryClient = useQueryClient();
  const markSeen = useApiMutation(markPlayerSeen);
  const { mutate: markSeenNow } = markSeen;
  const seen = Boolean(player.data) && data!.scout.state === "verified";
  useEffect(() => {
    if (seen) markSeenNow(username, { onSuccess: (answer) => queryClient.setQueryData(SHORTLISTS_QUERY, answer) });
  }, [seen, username, markSeenNow, queryClient]);
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
        <FormAlert>{SCOUT.playerNotPublic}</FormAlert>
        <PlayerHistory username={username} firstName={username} />
      </div>
    );
  const p = player.data;
  return profile(
    p,
    <div className="flex flex-col gap-6">
      <AddToShortlist username={p.username} firstName={p.firstName} />
      <PlayerHistory username={p.username} firstName={p.firstName} />
      <RequestForm username={p.username} firstName={p.firstName} />
    </div>,
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

function AddToShortlist({ username, firstName }: { username: string; firstName: string }) {
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
  const remove = useApiMutation(removeShortlistEntry);
  const current = (lists.data?.shortlists ?? []).flatMap((list) => {
    const entry = list.entries.find((item) => item.username === username);
    return entry ? [{ list, entry }] : [];
  });
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
        Shortlists and notes
      </h2>
      {current.length ? (
        <ul className="mt-2 space-y-2" aria-label={`Your shortlists with ${firstName}`}>
          {current.map(({ list, entry }) => (
            <li key={list.id} className="rounded-lg bg-slate-50 p-3 text-sm">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-semibold text-slate-900">
                  {list.name} · added {formatDate(entry.addedAt)}
                </span>
                <Button
                  variant="ghost"
                  disabled={remove.isPending}
                  onClick={async () => {
                    try {
                      queryClient.setQueryData(SHORTLISTS_QUERY, await remove.mutateAsync({ id: list.id, username }));
                      toast.success(`Removed from ${list.name}.`, { id: "scout" });
                    } catch (failure) {
                      toast.error(errorText(failure), { id: "scout" });
                    }
                  }}
                >
                  Remove from {list.name}
                </Button>
              </div>
              <p className="mt-1 whitespace-pre-line text-slate-700">{entry.note || "No note."}</p>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-1 text-sm text-slate-600">{firstName} is on none of your shortlists yet.</p>
      )}
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

/** The invitation form's code, fetched once: on the first hover or focus of its button, or the click. */
const loadInvitationForm = () =>
  import("./invitation-form.tsx").catch(() => ({
    // Offline, a form never loaded before says so instead of breaking the page.
    default: () => <FormAlert>{INVITATION_FORM_UNAVAILABLE}</FormAlert>,
  }));
const InvitationForm = lazy(loadInvitationForm);

const INVITATION_FORM_UNAVAILABLE = "The form could not be loaded. Check your connection, then reload the page.";

/**
 * Inviting a player is the rarer part of a visit, so its form and the schema with the trial's
 * calendar rules load when the scout asks for it, and the page's first load is one script file
 * lighter. The button stays until the form is ready (a transition), so nothing flashes.
 */
function RequestForm({ username, firstName }: { username: string; firstName: string }) {
  const [open, setOpen] = useState(false);
  const [opening, startOpening] = useTransition();
  const preload = () => void loadInvitationForm();
  return (
    <section aria-labelledby="request-title" className={sectionClass}>
      <h2 id="request-title" className="text-lg font-bold text-slate-900">
        Invite {firstName}
      </h2>
      <p className="text-sm text-slate-700">
        {firstName} (and a parent or guardian, for a player under 18) gets an SMS and answers in their account. You see
        each other&apos;s phone and e-mail only once they accept.
      </p>
      {/* Mounted from the start, so the transition keeps the button in view while the form loads. */}
      <Suspense fallback={null}>
        {open ? (
          <InvitationForm username={username} />
        ) : (
          <Button
            variant="secondary"
            className="mt-3"
            disabled={opening}
            onPointerEnter={preload}
            onFocus={preload}
            onClick={() => startOpening(() => setOpen(true))}
          >
            {opening ? "Opening the form…" : `Write to ${firstName}`}
          </Button>
        )}
      </Suspense>
    </section>
  );
}

type SummaryComponent = typeof import("./sent-request.tsx").SentRequestSummary;

/** Kept once loaded, so the page's later visits draw the history at once. */
let loadedSummary: SummaryComponent | undefined;

/** Offline, with the code never loaded: what was sent and where it stands, in one line. */
const PlainSummary: SummaryComponent = ({ request }) => (
  <p className="text-slate-900">
    {request.kind === "trial" ? "Trial invitation" : "Contact request"} · {REQUEST_STATE_TEXT[request.state]}
  </p>
);

/**
 * The code that draws a sent request (with the trial's calendar file and the contact links) is
 * fetched beside the history's query instead of with the page: the history sits at the foot of
 * the page and is drawn only once its query answers, so it appears no later, and the page's
 * first load needs fewer script files.
 */
function useSentRequestSummary(): SummaryComponent | undefined {
  const [summary, setSummary] = useState(() => loadedSummary);
  useEffect(() => {
    if (summary) return;
    let live = true;
    void import("./sent-request.tsx")
      .then(
        (module) => (loadedSummary = module.SentRequestSummary),
        () => PlainSummary,
      )
      .then((component) => {
        if (live) setSummary(() => component);
      });
    return () => {
      live = false;
    };
  }, [summary]);
  return summary;
}

/** Every request the scout sent this player, newest first: what, when, the answers and the contact. */
function PlayerHistory({ username, firstName }: { username: string; firstName: string }) {
  const sent = useQuery({ queryKey: SENT_REQUESTS_QUERY, queryFn: fetchSentRequests });
  const Summary = useSentRequestSummary();
  const key = username.toLocaleLowerCase("en");
  const mine = sent.data?.requests.filter((request) => request.player.username.toLocaleLowerCase("en") === key) ?? [];
  return (
    <section aria-labelledby="history-title" className={sectionClass}>
      <h2 id="history-title" className="text-lg font-bold text-slate-900">
        Your history with {firstName}
      </h2>
      {mine.length && Summary ? (
        <ul className="mt-2 divide-y divide-slate-200">
          {mine.map((request) => (
            <li key={request.id} className="py-3 text-sm">
              <Summary request={request} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-1 text-sm text-slate-600">
          {sent.isPending || mine.length ? "Loading…" : `You have not sent ${firstName} a request yet.`}
        </p>
      )}
    </section>
  );
}
