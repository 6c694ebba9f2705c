import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState, type FormEvent } from "react";
import { useSchemaForm } from "../../lib/use-schema-form.ts";
import { useNavigate } from "react-router";
import { toast } from "../../lib/toast.ts";
import { FITNESS_LEVELS, POSITIONS, PREFERRED_FEET, PROVINCES } from "@touchline/contract/enums";
import {
  ABOUT_MAX_LENGTH,
  FULL_MATCH_URL_MAX_LENGTH,
  HEIGHT_CM,
  TOWN_MAX_LENGTH,
  WEIGHT_KG,
} from "@touchline/contract/limits";
import { PROFILE_CHECKS, PROFILE_FORM, PROFILE_PAGE } from "@touchline/contract/messages";
import {
  profileFormSchema,
  type PlayerInfoResponse,
  type ProfileFieldsInput,
  type ProfileFormFields,
} from "@touchline/contract/profile";
import { Button } from "../../components/button.tsx";
import { SelectField, TextAreaField, TextField } from "../../components/field.tsx";
import { ApiError } from "../../lib/api.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { UploadField } from "../uploads/upload-field.tsx";
import { useFileUpload, type FileUpload } from "../uploads/use-file-upload.ts";
import { CurrentMedia, DroppedVideo } from "./current-media.tsx";
import { imageVariant } from "../../lib/player-display.ts";
import { useApiMutation } from "../../lib/use-api-mutation.ts";
import { createPlayerProfile } from "./profile-api.ts";
import { profileQueryKey } from "./use-player-profile.ts";
import { FULL_MATCH_FIELD_HINT, TOWN_FIELD_HINT, VIDEO_FIELD_HINT } from "@touchline/contract/profile-messages";
import { applyServerErrors } from "../../lib/server-errors.ts";

type FormInput = ProfileFieldsInput;
type FormOutput = ProfileFormFields;
type FieldName = keyof FormInput;
type MediaField = "coverPhotoPath" | "videoPath" | "videoPathTwo";
type SubmittedProfile = PlayerInfoResponse["scout"];

const FIELDS: FieldName[] = [
  "coverPhotoPath",
  "videoPath",
  "videoPathTwo",
  "position",
  "secondaryPosition",
  "preferredFoot",
  "heightInCm",
  "weightInKg",
  "currentFitnessStatus",
  "province",
  "town",
  "aboutYourself",
  "fullMatchUrl",
];

/** Empty number boxes mean "not given" (so the "required" message shows, not "at least 100"). */
const numberOrEmpty = (value: unknown) => (value === "" || value === null ? undefined : value);

const isBusy = (upload: FileUpload) =>
  upload.state.status === "checking" || upload.state.status === "compressing" || upload.state.status === "uploading";

/** The typed (not uploaded) fields, kept on the phone while the form is open, per player. */
const DRAFT_FIELDS = [
  "position",
  "secondaryPosition",
  "preferredFoot",
  "heightInCm",
  "weightInKg",
  "currentFitnessStatus",
  "province",
  "town",
  "aboutYourself",
  "fullMatchUrl",
] as const satisfies readonly FieldName[];
const draftKey = (playerId: string) => `touchline.profile-draft.${playerId}`;

function readDraft(playerId: string): Partial<FormInput> {
  try {
    const saved = JSON.parse(localStorage.getItem(draftKey(playerId)) ?? "{}") as Record<string, unknown>;
    return Object.fromEntries(
      DRAFT_FIELDS.filter((field) => typeof saved[field] === "string" || typeof saved[field] === "number").map(
        (field) => [field, saved[field]],
      ),
    ) as Partial<FormInput>;
  } catch {
    return {};
  }
}

const EMPTY: FormInput = {
  coverPhotoPath: "",
  videoPath: "",
  videoPathTwo: "",
  position: "",
  secondaryPosition: "",
  preferredFoot: "",
  heightInCm: "",
  weightInKg: "",
  currentFitnessStatus: "",
  province: "",
  town: "",
  aboutYourself: "",
  fullMatchUrl: "",
};

/** A resubmission starts from what the player sent last time, media URLs included. */
function initialValues(existing: SubmittedProfile | null): FormInput {
  if (!existing) return EMPTY;
  return {
    coverPhotoPath: existing.coverPhotoPath,
    videoPath: existing.videoPath,
    videoPathTwo: existing.videoPathTwo ?? "",
    position: existing.position,
    secondaryPosition: existing.secondaryPosition ?? "",
    preferredFoot: existing.preferredFoot,
    heightInCm: existing.heightInCm,
    weightInKg: existing.weightInKg,
    currentFitnessStatus: existing.currentFitnessStatus,
    province: existing.province ?? "",
    town: existing.town ?? "",
    aboutYourself: existing.aboutYourself ?? "",
    fullMatchUrl: existing.fullMatchUrl ?? "",
  };
}

/**
 * The 'Submit your info' form. Validated with the
 * same contract schema the server enforces; the media fields hold the URLs of files already
 * uploaded, so submitting sends a few hundred bytes, never the files themselves.
 *
 * With `existing` (a rejected or reopened profile) the form starts from that profile: each
 * media field keeps its current file until a new upload replaces it, removing the new upload
 * brings the current file back (the current file itself is never deleted: the profile uses
 * it), and the optional second video can be taken off the profile.
 */
export function ProfileForm({
  playerId,
  existing = null,
  onSubmitted,
}: {
  playerId: string;
  existing?: SubmittedProfile | null;
  onSubmitted: () => void;
}) {
  const hydrated = useHydrated();
  const queryClient = useQueryClient();
  const createProfile = useApiMutation(createPlayerProfile);
  const navigate = useNavigate();
  const [waitForUploads, setWaitForUploads] = useState(false);
  const [secondDropped, setSecondDropped] = useState(false);
  const {
    register,
    handleSubmit,
    setValue,
    setError,
    getValues,
    watch,
    formState: { errors, isSubmitting, isSubmitted },
  } = useSchemaForm<FormInput, FormOutput>({
    schema: profileFormSchema,
    defaultValues: initialValues(existing),
  });

  /** The profile's own file for a field, unless the player took it off: what the field falls back to. */
  const currentUrl = (field: MediaField): string => {
    if (field === "videoPathTwo" && secondDropped) return "";
    return existing?.[field] ?? "";
  };

  // A file's URL enters the form once its upload has finished; removing it puts back the
  // profile's current file, or nothing.
  const bindUpload = (field: MediaField) => ({
    onUploaded: (media: { url: string }) => setValue(field, media.url, { shouldValidate: isSubmitted }),
    onCleared: () => setValue(field, currentUrl(field), { shouldValidate: isSubmitted }),
  });
  const cover = useFileUpload("image", bindUpload("coverPhotoPath"));
  // Videos being sent are kept on the phone until the server has them, so a closed page resumes.
  const firstVideo = useFileUpload("video", {
    ...bindUpload("videoPath"),
    keepAs: `touchline.upload.${playerId}.video`,
  });
  const secondVideo = useFileUpload("video", {
    ...bindUpload("videoPathTwo"),
    keepAs: `touchline.upload.${playerId}.video-two`,
  });

  // What the player typed survives a closed page too (a first profile only: a resubmission
  // starts from the profile itself). Restored once, after hydration; cleared once submitted.
  useEffect(() => {
    if (existing) return;
    for (const [field, value] of Object.entries(readDraft(playerId))) setValue(field as FieldName, value as never);
  }, [existing, playerId, setValue]);
  const draft = JSON.stringify(Object.fromEntries(DRAFT_FIELDS.map((field) => [field, watch(field)])));
  useEffect(() => {
    if (existing) return;
    try {
      localStorage.setItem(draftKey(playerId), draft);
    } catch {
      // No room or no storage: the form still works, it is only not kept.
    }
  }, [existing, playerId, draft]);
  const uploads = [cover, firstVideo, secondVideo];
  const uploading = uploads.some(isBusy);

  const position = watch("position");
  const about = watch("aboutYourself") ?? "";
  const secondaryOptions = POSITIONS.filter((p) => p.value !== position);

  const dropSecondVideo = (dropped: boolean) => {
    setSecondDropped(dropped);
    setValue("videoPathTwo", dropped ? "" : (existing?.videoPathTwo ?? ""), { shouldValidate: isSubmitted });
  };
  const poster = existing ? imageVariant(existing.coverPhotoPath, 320) : undefined;
  const current = {
    cover: existing ? <CurrentMedia kind="image" url={existing.coverPhotoPath} label="cover photo" /> : null,
    video: existing ? (
      <CurrentMedia kind="video" url={existing.videoPath} label="highlight video" poster={poster} />
    ) : null,
    videoTwo: !existing?.videoPathTwo ? null : secondDropped ? (
      <DroppedVideo onKeep={() => dropSecondVideo(false)} />
    ) : (
      <CurrentMedia
        kind="video"
        url={existing.videoPathTwo}
        label="second highlight video"
        poster={poster}
        onDrop={() => dropSecondVideo(true)}
      />
    ),
  };

  const positionField = register("position", {
    onChange: (event: { target: { value: string } }) => {
      // The secondary list never offers the main position; drop it if it was just chosen as main.
      if (event.target.value && event.target.value === getValues("secondaryPosition"))
        setValue("secondaryPosition", "");
    },
  });

  const submit = handleSubmit(async (values) => {
    const now = new Date().toISOString();
    try {
      await createProfile.mutateAsync({
        playerId,
        fields: { ...values, submissionDate: now, videoUploadDate: values.videoPath ? now : null },
      });
    } catch (error) {
      // Nothing typed or uploaded is lost: the player fixes what the server names and resends.
      toast.error(error instanceof Error && error.message ? error.message : PROFILE_PAGE.unknownError, {
        id: "profile-submit",
      });
      applyServerErrors(error, FIELDS, setError, { focus: false });
      if (error instanceof ApiError) {
        // The profile was locked meanwhile (a reviewer acted): reload it so the page says so.
        if (existing && error.status === 409)
          await queryClient.invalidateQueries({ queryKey: profileQueryKey(playerId) });
      }
      return;
    }
    toast.success(PROFILE_FORM.submitted, { id: "profile-submit" });
    localStorage.removeItem(draftKey(playerId));
    onSubmitted();
    // The files now belong to the profile: forget them here without deleting them.
    for (const upload of uploads) upload.reset();
    await queryClient.invalidateQueries({ queryKey: profileQueryKey(playerId) });
    await navigate("/player/profile");
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (uploading) {
      event.preventDefault();
      setWaitForUploads(true);
      return;
    }
    setWaitForUploads(false);
    void submit(event);
  };

  return (
    <form method="post" noValidate onSubmit={onSubmit} aria-labelledby="submit-info" className="flex flex-col gap-8">
      <fieldset className="flex flex-col gap-5">
        <legend className="mb-2 text-lg font-bold text-slate-900">Photo and videos</legend>
        <UploadField
          label="Cover photo"
          upload={cover}
          error={errors.coverPhotoPath?.message}
          hint="JPEG, PNG or GIF"
          current={current.cover}
        />
        <UploadField
          label="Highlight video"
          upload={firstVideo}
          error={errors.videoPath?.message}
          hint={VIDEO_FIELD_HINT}
          current={current.video}
        />
        <UploadField
          label="Second highlight video (optional)"
          upload={secondVideo}
          error={errors.videoPathTwo?.message}
          hint={VIDEO_FIELD_HINT}
          current={current.videoTwo}
        />
      </fieldset>

      <fieldset className="flex flex-col gap-5">
        <legend className="mb-2 text-lg font-bold text-slate-900">About your game</legend>
        <div className="grid gap-5 sm:grid-cols-2">
          <SelectField
            label="Position"
            placeholder="Select position"
            options={POSITIONS}
            error={errors.position?.message}
            {...positionField}
          />
          <SelectField
            label="Secondary position (optional)"
            placeholder="None"
            options={secondaryOptions}
            error={errors.secondaryPosition?.message}
            {...register("secondaryPosition")}
          />
          <SelectField
            label="Preferred foot"
            placeholder="Select preferred foot"
            options={PREFERRED_FEET}
            error={errors.preferredFoot?.message}
            {...register("preferredFoot")}
          />
          <SelectField
            label="Current fitness status"
            placeholder="Select fitness status"
            options={FITNESS_LEVELS}
            error={errors.currentFitnessStatus?.message}
            {...register("currentFitnessStatus")}
          />
          <TextField
            label="Height (cm)"
            type="number"
            inputMode="numeric"
            min={HEIGHT_CM.min}
            max={HEIGHT_CM.max}
            error={errors.heightInCm?.message}
            {...register("heightInCm", { setValueAs: numberOrEmpty })}
          />
          <TextField
            label="Weight (kg)"
            type="number"
            inputMode="numeric"
            min={WEIGHT_KG.min}
            max={WEIGHT_KG.max}
            error={errors.weightInKg?.message}
            {...register("weightInKg", { setValueAs: numberOrEmpty })}
          />
        </div>
        <div className="grid gap-5 sm:grid-cols-2">
          <SelectField
            label="Province"
            placeholder="Select province"
            options={PROVINCES}
            error={errors.province?.message}
            {...register("province")}
          />
          <TextField
            label="Town"
            autoComplete="address-level2"
            maxLength={TOWN_MAX_LENGTH}
            error={errors.town?.message}
            hint={TOWN_FIELD_HINT}
            {...register("town")}
          />
        </div>
        <TextAreaField
          label="About yourself"
          rows={5}
          maxLength={ABOUT_MAX_LENGTH}
          error={errors.aboutYourself?.message}
          hint={`${about.length}/${ABOUT_MAX_LENGTH} characters`}
          {...register("aboutYourself")}
        />
        <TextField
          label="Full match (optional)"
          type="url"
          inputMode="url"
          autoComplete="off"
          maxLength={FULL_MATCH_URL_MAX_LENGTH}
          error={errors.fullMatchUrl?.message}
          hint={FULL_MATCH_FIELD_HINT}
          {...register("fullMatchUrl")}
        />
      </fieldset>

      <div className="flex flex-col gap-3">
        {waitForUploads && uploading ? (
          <p role="alert" className="text-sm text-red-700">
            {PROFILE_CHECKS.uploadsInProgress}
          </p>
        ) : null}
        <div>
          <Button
            type="submit"
            disabled={!hydrated || isSubmitting}
            aria-busy={isSubmitting || undefined}
            className="w-full sm:w-auto"
          >
            {isSubmitting ? "Submitting…" : existing ? "Resubmit for review" : "Submit"}
          </Button>
        </div>
      </div>
    </form>
  );
}
