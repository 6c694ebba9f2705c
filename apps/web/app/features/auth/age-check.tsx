import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import {
  AGE_DOCUMENT_KINDS,
  ageDocumentKindLabel,
  type AgeCheckView,
  type AgeDocumentInput,
  type AgeDocumentKind,
} from "@touchline/contract/age-check";
import {
  AGE_DOCUMENT_MAX_BYTES,
  AGE_DOCUMENT_MAX_MEGABYTES,
  AGE_DOCUMENT_MIME_TYPES,
} from "@touchline/contract/limits";
import { AGE_CHECK } from "@touchline/contract/messages";
import { Button } from "../../components/button.tsx";
import { SelectField } from "../../components/field.tsx";
import { ApiError } from "../../lib/api.ts";
import { errorText } from "../../lib/error-text.ts";
import { toast } from "../../lib/toast.ts";
import { useApiMutation } from "../../lib/use-api-mutation.ts";
import {
  AGE_CHECK_QUERY,
  fetchAgeCheck,
  sendAgeDocument,
  sendGuardianAgeDocument,
  viewGuardianAgeCheck,
} from "./guardian-api.ts";

const KIND_OPTIONS = AGE_DOCUMENT_KINDS.map(({ value, label }) => ({ value, label }));

/** The file as base64, without the data: prefix the browser puts in front. */
function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ""));
    reader.onerror = () => reject(reader.error ?? new Error(AGE_CHECK.photoUnreadable));
    reader.readAsDataURL(file);
  });
}

/** Where the check stands, in a sentence for the player or the guardian. */
function stateSentence(view: AgeCheckView): string {
  switch (view.state) {
    case "pending":
      return AGE_CHECK.pending;
    case "verified":
      return AGE_CHECK.verified;
    case "refused":
      return AGE_CHECK.refused(view.refusalReason ?? "");
    default:
      return AGE_CHECK.none;
  }
}

/**
 * The kind of document and its photo. The type and size are checked here first so a phone does not
 * send megabytes the server would refuse; the server decodes and checks the photo again.
 */
function DocumentForm({
  defaultKind,
  onSend,
  busy,
}: {
  defaultKind: AgeDocumentKind | "";
  onSend(body: AgeDocumentInput): Promise<unknown>;
  busy: boolean;
}) {
  const fileId = useId();
  const [kind, setKind] = useState<AgeDocumentKind | "">(defaultKind);
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<{ kind?: string; image?: string }>({});

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: typeof errors = {};
    if (!kind) found.kind = AGE_CHECK.kindRequired;
    if (!file) found.image = AGE_CHECK.photoRequired;
    else if (!(AGE_DOCUMENT_MIME_TYPES as readonly string[]).includes(file.type))
      found.image = AGE_CHECK.photoInvalidType;
    else if (file.size > AGE_DOCUMENT_MAX_BYTES) found.image = AGE_CHECK.photoTooLarge(AGE_DOCUMENT_MAX_MEGABYTES);
    setErrors(found);
    if (found.kind || found.image || !file || !kind) return;
    try {
      await onSend({ kind, contentType: file.type as AgeDocumentInput["contentType"], image: await readBase64(file) });
    } catch (error) {
      // A rule the server checked goes beside its field; anything else beside the photo.
      const fields = error instanceof ApiError ? error.errors : {};
      setErrors({ kind: fields.kind, image: fields.image ?? (fields.kind ? undefined : errorText(error)) });
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="mt-3 flex flex-col gap-3">
      <SelectField
        label={AGE_CHECK.kindLabel}
        name="kind"
        options={KIND_OPTIONS}
        placeholder="Choose a document"
        value={kind}
        error={errors.kind}
        onChange={(event) => setKind(event.target.value as AgeDocumentKind | "")}
      />
      <div className="flex flex-col gap-1">
        <label htmlFor={fileId} className="text-sm font-semibold text-slate-800">
          {AGE_CHECK.photoLabel}
        </label>
        <input
          id={fileId}
          type="file"
          name="image"
          accept={AGE_DOCUMENT_MIME_TYPES.join(",")}
          aria-invalid={errors.image ? true : undefined}
          aria-describedby={errors.image ? `${fileId}-error` : undefined}
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          className="text-sm"
        />
        {errors.image ? (
          <p id={`${fileId}-error`} role="alert" className="text-sm text-red-700">
            {errors.image}
          </p>
        ) : null}
      </div>
      <div>
        <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
          {busy ? "Sending…" : AGE_CHECK.send}
        </Button>
      </div>
    </form>
  );
}

const canSend = (view: AgeCheckView) => view.state !== "verified";

/**
 * The player's own age check, on their profile page. `loaded` is the check the server read for
 * the page, when it did: the panel is then in the page's HTML instead of appearing above the
 * profile once the scripts ran.
 */
export function AgeCheckPanel({ loaded }: { loaded?: AgeCheckView }) {
  const queryClient = useQueryClient();
  const check = useQuery({
    queryKey: AGE_CHECK_QUERY,
    queryFn: fetchAgeCheck,
    initialData: loaded ? { ageCheck: loaded } : undefined,
  });
  const send = useApiMutation(sendAgeDocument);
  const view = check.data?.ageCheck;
  if (!view) return null;
  return (
    <section aria-labelledby="age-check-title" className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <h2 id="age-check-title" className="text-lg font-bold text-slate-900">
        {AGE_CHECK.sectionTitle}
      </h2>
      {view.state === "verified" ? null : <p className="mt-1 text-sm text-slate-700">{AGE_CHECK.intro}</p>}
      <p className="mt-2 font-semibold text-slate-900">{stateSentence(view)}</p>
      {view.documentKind && view.state === "pending" ? (
        <p className="text-sm text-slate-700">
          {ageDocumentKindLabel(view.documentKind)}
          {view.documentPath ? (
            <>
              {" · "}
              <a href={view.documentPath} target="_blank" rel="noreferrer" className="underline">
                See the photo you sent
              </a>
            </>
          ) : null}
        </p>
      ) : null}
      {canSend(view) ? (
        <DocumentForm
          defaultKind={view.documentKind ?? ""}
          busy={send.isPending}
          onSend={async (body) => {
            const answer = await send.mutateAsync(body);
            queryClient.setQueryData(AGE_CHECK_QUERY, { ageCheck: answer.ageCheck });
            toast.success(answer.message);
          }}
        />
      ) : null}
    </section>
  );
}

/** The guardian's side, on the page their SMS link opens: the same form, no view of the photo. */
export function GuardianAgeCheck({ token, firstName }: { token: string; firstName: string }) {
  const queryClient = useQueryClient();
  const key = ["guardian-age-check", token];
  const check = useQuery({ queryKey: key, queryFn: () => viewGuardianAgeCheck(token) });
  const send = useApiMutation(sendGuardianAgeDocument);
  const view = check.data?.ageCheck;
  if (!view) return null;
  return (
    <section aria-labelledby="guardian-age-check-title" className="mt-10 border-t border-slate-200 pt-4">
      <h2 id="guardian-age-check-title" className="text-lg font-bold text-slate-900">
        {AGE_CHECK.sectionTitle}
      </h2>
      {view.state === "verified" ? null : (
        <p className="mt-1 text-sm text-slate-700">{AGE_CHECK.guardianIntro(firstName)}</p>
      )}
      <p className="mt-2 font-semibold text-slate-900">
        {view.state === "verified" ? `${firstName}'s age is verified.` : stateSentence(view)}
      </p>
      {canSend(view) ? (
        <DocumentForm
          defaultKind={view.documentKind ?? "birth-certificate"}
          busy={send.isPending}
          onSend={async (body) => {
            const answer = await send.mutateAsync({ ...body, token });
            queryClient.setQueryData(key, { ageCheck: answer.ageCheck });
            toast.success(answer.message);
          }}
        />
      ) : null}
    </section>
  );
}
