import { useId, type ChangeEvent, type ReactNode } from "react";
import { IMAGE_MIME_TYPES, VIDEO_MIME_TYPES } from "@touchline/contract/limits";
import { VIDEO_FILE } from "@touchline/contract/messages";
import { Button, buttonClass } from "../../components/button.tsx";
import { formatBytes, formatDuration } from "./format.ts";
import type { FileUpload } from "./use-file-upload.ts";

interface UploadFieldProps {
  label: string;
  upload: FileUpload;
  /** The form's verdict on this field, e.g. 'Player image is required'. */
  error?: string;
  hint?: ReactNode;
  /**
   * What the field holds while no new file is being sent: the current file of a profile being
   * resubmitted. Shown above the picker, which then replaces it.
   */
  current?: ReactNode;
}

const ACCEPT = { image: IMAGE_MIME_TYPES.join(","), video: VIDEO_MIME_TYPES.join(",") } as const;

/**
 * One file of the profile form: a file picker, then a progress bar, then a preview from the
 * phone's own copy of the file (no download), or an error with Retry. When the field already has
 * a file (a profile being resubmitted), that file is shown above the picker, which replaces it.
 */
export function UploadField({ label, upload, error, hint, current }: UploadFieldProps) {
  const id = useId();
  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    // Cleared so choosing the same file again (after an error) fires change again.
    event.currentTarget.value = "";
    if (file) upload.select(file);
  };
  const { state, kind } = upload;
  const labelId = `${id}-label`;
  const canPick = state.status === "idle" || state.status === "error";

  return (
    <div role="group" aria-labelledby={labelId} className="flex flex-col gap-2">
      <label id={labelId} htmlFor={canPick ? id : undefined} className="text-sm font-medium text-slate-800">
        {label}
      </label>

      {canPick && current ? current : null}

      {canPick ? (
        <div className="flex flex-col gap-2 rounded-lg border border-dashed border-slate-400 bg-slate-50 p-3 sm:flex-row sm:items-center">
          <input
            id={id}
            type="file"
            accept={ACCEPT[kind]}
            aria-invalid={error || state.status === "error" ? true : undefined}
            aria-describedby={error || state.status === "error" ? `${id}-error` : hint ? `${id}-hint` : undefined}
            onChange={pick}
            className="peer sr-only"
          />
          {/* The browser's bare control says little; this says what to do, in words. */}
          <label htmlFor={id} aria-hidden="true" className={buttonClass("primary", "cursor-pointer")}>
            {kind === "video" ? "Record or choose a video" : "Choose a photo"}
          </label>
          {kind === "video" ? (
            // On a phone this opens the camera straight away; elsewhere it is another picker.
            <label className={buttonClass("secondary", "cursor-pointer")}>
              <input type="file" accept="video/*" capture="environment" onChange={pick} className="sr-only" />
              Record with the camera
            </label>
          ) : null}
        </div>
      ) : null}

      {state.status === "checking" ? (
        <p role="status" className="text-sm text-slate-600">
          Checking {state.file.name}…
        </p>
      ) : null}

      {state.status === "interrupted" ? (
        <div className="flex flex-col gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3">
          <p role="status" className="text-sm text-slate-800 [overflow-wrap:anywhere]">
            {VIDEO_FILE.interrupted(state.file.name)} ({formatBytes(state.file.size)})
          </p>
          <div className="flex flex-wrap gap-2">
            <Button onClick={upload.resumeKept}>Resume upload</Button>
            <Button variant="secondary" onClick={() => void upload.remove()}>
              Discard
            </Button>
          </div>
        </div>
      ) : null}

      {state.status === "compressing" ? (
        <Progress
          title={`${VIDEO_FILE.compressing}: ${VIDEO_FILE.compressionSaving(
            formatBytes(state.estimatedBytes),
            formatBytes(state.file.size),
          )}`}
          label={`Making ${state.file.name} smaller`}
          percent={Math.min(100, Math.floor(state.progress * 100))}
          detail={`${Math.min(100, Math.floor(state.progress * 100))}%`}
          onCancel={() => void upload.remove()}
        />
      ) : null}

      {state.status === "uploading" ? (
        <Progress
          title={`Uploading ${state.file.name}`}
          label={`Uploading ${state.file.name}`}
          percent={state.total > 0 ? Math.min(100, Math.floor((state.sent / state.total) * 100)) : 0}
          detail={`${state.total > 0 ? Math.min(100, Math.floor((state.sent / state.total) * 100)) : 0}% · ${formatBytes(state.sent)} of ${formatBytes(state.total)}`}
          onCancel={() => void upload.remove()}
        />
      ) : null}

      {state.status === "uploaded" ? (
        <div className="flex flex-col gap-3 rounded-lg border border-slate-200 p-3 sm:flex-row sm:items-start">
          {kind === "image" ? (
            <img
              src={state.previewUrl}
              alt={`Preview of ${state.file.name}`}
              className="h-32 w-full rounded-md object-cover sm:w-48"
            />
          ) : (
            // The local copy of the file: metadata only, so the preview shows its first frame.
            <video
              src={state.previewUrl}
              preload="metadata"
              controls
              playsInline
              aria-label={`Preview of ${state.file.name}`}
              className="h-40 w-full rounded-md bg-black sm:w-64"
            />
          )}
          <div className="flex min-w-0 flex-1 flex-col gap-1 text-sm">
            <p className="truncate font-medium text-slate-900">{state.file.name}</p>
            <p className="text-slate-600">
              {formatBytes(state.file.size)}
              {state.durationSeconds !== undefined ? ` · ${formatDuration(state.durationSeconds)}` : ""}
            </p>
            <p role="status" className="font-medium text-brand-700">
              Uploaded
            </p>
            <div>
              <Button
                variant="secondary"
                onClick={() => void upload.remove()}
                disabled={state.removing}
                aria-label={`Remove ${state.file.name}`}
              >
                {state.removing ? "Removing…" : "Remove"}
              </Button>
            </div>
          </div>
        </div>
      ) : null}

      {state.status === "error" ? (
        <div className="flex flex-wrap items-center gap-3 rounded-lg border border-red-200 bg-red-50 p-3">
          <p id={`${id}-error`} role="alert" className="flex-1 text-sm text-red-800">
            {state.message}
          </p>
          {state.canRetry ? (
            <Button variant="secondary" onClick={upload.retry}>
              Retry
            </Button>
          ) : null}
        </div>
      ) : null}

      {hint && !error && state.status !== "error" ? (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {error && state.status !== "error" ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A bar for work under way on one file (made smaller, or sent), with its Cancel. */
function Progress({
  title,
  label,
  percent,
  detail,
  onCancel,
}: {
  title: string;
  label: string;
  percent: number;
  detail: string;
  onCancel: () => void;
}) {
  return (
    <div className="flex flex-col gap-2 rounded-lg border border-slate-200 p-3">
      <div className="flex items-center justify-between gap-3 text-sm">
        <span className="min-w-0 text-slate-800 [overflow-wrap:anywhere]">{title}</span>
        <Button variant="ghost" onClick={onCancel} className="shrink-0">
          Cancel
        </Button>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2.5 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-sm text-slate-600">{detail}</p>
    </div>
  );
}
