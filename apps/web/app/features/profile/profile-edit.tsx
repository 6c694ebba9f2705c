import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { Link } from "react-router";
import { FITNESS_LEVELS, POSITIONS, PREFERRED_FEET, PROVINCES } from "@touchline/contract/enums";
import {
  ABOUT_MAX_LENGTH,
  FULL_MATCH_URL_MAX_LENGTH,
  HEIGHT_CM,
  TOWN_MAX_LENGTH,
  WEIGHT_KG,
} from "@touchline/contract/limits";
import { PROFILE_CHECKS, PROFILE_EDIT, PROFILE_PAGE } from "@touchline/contract/messages";
import {
  profileChangeSchema,
  profileDetailsSchema,
  type ProfileChange,
  type ProfileChangeInput,
  type ProfileDetails,
  type ProfileDetailsInput,
} from "@touchline/contract/profile";
import type { ProfileEditAnswer, ProfileEditView } from "@touchline/contract/profile-edit";
import { FULL_MATCH_FIELD_HINT, TOWN_FIELD_HINT, VIDEO_FIELD_HINT } from "@touchline/contract/profile-messages";
import { shortDate } from "@touchline/contract/profile-edit-messages";
import { Button } from "../../components/button.tsx";
import { SelectField, TextAreaField, TextField } from "../../components/field.tsx";
import { imageVariant } from "../../lib/player-display.ts";
import { applyServerErrors } from "../../lib/server-errors.ts";
import { toast } from "../../lib/toast.ts";
import { useApiMutation } from "../../lib/use-api-mutation.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { useSchemaForm } from "../../lib/use-schema-form.ts";
import { UploadField } from "../uploads/upload-field.tsx";
import { useFileUpload, type FileUpload } from "../uploads/use-file-upload.ts";
import { CurrentMedia } from "./current-media.tsx";
import { LoadFailed, ProfileLoading } from "./profile-states.tsx";
import {
  getProfileEdit,
  PROFILE_EDIT_QUERY,
  saveProfileDetails,
  sendProfileChange,
  withdrawProfileChange,
} from "./profile-edit-api.ts";
import { profileErrorMessage, profileQueryKey } from "./use-player-profile.ts";

const DETAIL_FIELDS = [
  "currentFitnessStatus",
  "heightInCm",
  "weightInKg",
  "position",
  "secondaryPosition",
  "preferredFoot",
  "province",
  "town",
] as const;
const CHANGE_FIELDS = ["aboutYourself", "fullMatchUrl", "coverPhotoPath", "videoPath", "videoPathTwo"] as const;
type MediaField = "coverPhotoPath" | "videoPath" | "videoPathTwo";

/** Empty number boxes mean "not given" (so the "required" message shows, not "at least 100"). */
const numberOrEmpty = (value: unknown) => (value === "" || value === null ? undefined : value);
const isBusy = (upload: FileUpload) =>
  upload.state.status === "checking" || upload.state.status === "compressing" || upload.state.status === "uploading";

/** Puts a saving answer's view in the page's query and has the profile read again. */
function useEditSaved(playerId: string) {
  const queryClient = useQueryClient();
  return async (answer: ProfileEditAnswer) => {
    queryClient.setQueryData(PROFILE_EDIT_QUERY, answer.edit);
    toast.success(answer.message, { id: "profile-edit" });
    await queryClient.invalidateQueries({ queryKey: profileQueryKey(playerId) });
  };
}

const failed = (error: unknown) =>
  toast.error(error instanceof Error && error.message ? error.message : PROFILE_PAGE.unknownError, {
    id: "profile-edit",
  });

/**
 * /player/profile/edit: the facts a player corrects themselves (public at once) and the words and
 * media they send for review (public once staff approve; the approved ones stay until then).
 */
export function ProfileEdit({ playerId }: { playerId: string }) {
  const query = useQuery({ queryKey: PROFILE_EDIT_QUERY, queryFn: ({ signal }) => getProfileEdit(signal) });
  if (query.isPending) return <ProfileLoading />;
  if (query.isError)
    return (
      <LoadFailed
        message={profileErrorMessage(query.error)}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  const view = query.data;
  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{PROFILE_EDIT.pageTitle}</h1>
        <Link to="/player/profile" className="font-semibold text-brand-700 underline underline-offset-2">
          Back to My Profile
        </Link>
      </div>
      <DetailsForm playerId={playerId} view={view} />
      <ReviewSection playerId={playerId} view={view} />
    </div>
  );
}

function DetailsForm({ playerId, view }: { playerId: string; view: ProfileEditView }) {
  const hydrated = useHydrated();
  const save = useApiMutation(saveProfileDetails);
  const saved = useEditSaved(playerId);
  const { details } = view;
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    getValues,
    watch,
    formState: { errors, isSubmitting },
  } = useSchemaForm<ProfileDetailsInput, ProfileDetails>({
    schema: profileDetailsSchema,
    defaultValues: {
      ...details,
      secondaryPosition: details.secondaryPosition ?? "",
      province: details.province ?? "",
      town: details.town ?? "",
    },
  });
  const position = watch("position");
  const positionField = register("position", {
    onChange: (event: { target: { value: string } }) => {
      // The secondary list never offers the main position; drop it if it was just chosen as main.
      if (event.target.value && event.target.value === getValues("secondaryPosition"))
        setValue("secondaryPosition", "");
    },
  });

  const submit = handleSubmit(async (values) => {
    try {
      await saved(await save.mutateAsync(values));
    } catch (error) {
      failed(error);
      applyServerErrors(error, DETAIL_FIELDS, setError, { focus: false });
    }
  });

  return (
    <form
      method="post"
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-labelledby="edit-details"
      className="flex flex-col gap-5 rounded-2xl border border-slate-200 p-5 sm:p-6"
    >
      <div>
        <h2 id="edit-details" className="text-xl font-bold text-slate-900">
          {PROFILE_EDIT.detailsTitle}
        </h2>
        <p className="mt-1 text-slate-700">{PROFILE_EDIT.detailsIntro}</p>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField
          label="Current fitness status"
          placeholder="Select fitness status"
          options={FITNESS_LEVELS}
          error={errors.currentFitnessStatus?.message}
          {...register("currentFitnessStatus")}
        />
        <SelectField
          label="Preferred foot"
          placeholder="Select preferred foot"
          options={PREFERRED_FEET}
          error={errors.preferredFoot?.message}
          {...register("preferredFoot")}
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
          options={POSITIONS.filter((p) => p.value !== position)}
          error={errors.secondaryPosition?.message}
          {...register("secondaryPosition")}
        />
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
      <div>
        <Button
          type="submit"
          disabled={!hydrated || isSubmitting}
          aria-busy={isSubmitting || undefined}
          className="w-full sm:w-auto"
        >
          {isSubmitting ? "Saving…" : PROFILE_EDIT.saveDetails}
        </Button>
      </div>
    </form>
  );
}

function ReviewSection({ playerId, view }: { playerId: string; view: ProfileEditView }) {
  const withdraw = useApiMutation(withdrawProfileChange);
  const saved = useEditSaved(playerId);
  const { pending, lastRejection } = view;
  return (
    <section
      aria-labelledby="edit-review"
      className="flex flex-col gap-5 rounded-2xl border border-slate-200 p-5 sm:p-6"
    >
      <div>
        <h2 id="edit-review" className="text-xl font-bold text-slate-900">
          {PROFILE_EDIT.reviewTitle}
        </h2>
        <p className="mt-1 text-slate-700">{PROFILE_EDIT.reviewIntro}</p>
      </div>
      {pending ? (
        <div role="status" className="rounded-lg bg-amber-50 p-4 text-amber-950">
          <p className="font-semibold">{PROFILE_EDIT.changeWaiting}</p>
          <p>{PROFILE_EDIT.changeWaitingSince(shortDate(pending.submittedAt))}</p>
          {pending.aboutYourself !== null ? (
            <p className="mt-2 whitespace-pre-line">“{pending.aboutYourself}”</p>
          ) : null}
          <Button
            variant="secondary"
            className="mt-3"
            disabled={withdraw.isPending}
            onClick={() => void withdraw.mutateAsync(undefined).then(saved, failed)}
          >
            {PROFILE_EDIT.withdrawChange}
          </Button>
        </div>
      ) : lastRejection ? (
        <div role="alert" className="rounded-lg bg-red-50 p-4 text-red-900">
          <p className="font-semibold">{PROFILE_EDIT.changeRejectedTitle}</p>
          <p>{lastRejection.reason}</p>
        </div>
      ) : null}
      {view.canSendChanges ? (
        <ChangeForm playerId={playerId} view={view} />
      ) : (
        <p className="text-slate-700">{PROFILE_EDIT.changeNeedsApproval}</p>
      )}
    </section>
  );
}

/** Only what differs from the approved version goes to review. */
function changedOnly(values: ProfileChange, view: ProfileEditView): ProfileChangeInput {
  const body: ProfileChangeInput = {};
  if (values.aboutYourself !== undefined && values.aboutYourself !== view.aboutYourself)
    body.aboutYourself = values.aboutYourself;
  if (values.fullMatchUrl !== undefined && values.fullMatchUrl !== view.fullMatchUrl)
    body.fullMatchUrl = values.fullMatchUrl;
  for (const field of ["coverPhotoPath", "videoPath", "videoPathTwo"] as const)
    if (values[field]) body[field] = values[field];
  return body;
}

function ChangeForm({ playerId, view }: { playerId: string; view: ProfileEditView }) {
  const hydrated = useHydrated();
  const send = useApiMutation(sendProfileChange);
  const saved = useEditSaved(playerId);
  const [waitForUploads, setWaitForUploads] = useState(false);
  const {
    register,
    handleSubmit,
    setValue,
    setError,
    watch,
    formState: { errors, isSubmitting, isSubmitted },
  } = useSchemaForm<ProfileChangeInput, ProfileChange>({
    schema: profileChangeSchema,
    defaultValues: { aboutYourself: view.aboutYourself, fullMatchUrl: view.fullMatchUrl ?? "" },
  });
  const bindUpload = (field: MediaField) => ({
    onUploaded: (media: { url: string }) => setValue(field, media.url, { shouldValidate: isSubmitted }),
    onCleared: () => setValue(field, undefined, { shouldValidate: isSubmitted }),
  });
  const cover = useFileUpload("image", bindUpload("coverPhotoPath"));
  const firstVideo = useFileUpload("video", {
    ...bindUpload("videoPath"),
    keepAs: `touchline.upload.${playerId}.edit-video`,
  });
  const secondVideo = useFileUpload("video", {
    ...bindUpload("videoPathTwo"),
    keepAs: `touchline.upload.${playerId}.edit-video-two`,
  });
  const uploads = [cover, firstVideo, secondVideo];
  const uploading = uploads.some(isBusy);
  const about = watch("aboutYourself") ?? "";
  const poster = imageVariant(view.coverPhotoPath, 320);

  const submit = handleSubmit(async (values) => {
    try {
      await saved(await send.mutateAsync(changedOnly(values, view)));
    } catch (error) {
      failed(error);
      applyServerErrors(error, CHANGE_FIELDS, setError, { focus: false });
      return;
    }
    // The files now wait with the change: forget them here without deleting them.
    for (const upload of uploads) upload.reset();
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
    <form
      method="post"
      noValidate
      onSubmit={onSubmit}
      aria-label={PROFILE_EDIT.reviewTitle}
      className="flex flex-col gap-5"
    >
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
      <UploadField
        label="New cover photo (optional)"
        upload={cover}
        error={errors.coverPhotoPath?.message}
        hint="JPEG, PNG or GIF"
        current={<CurrentMedia kind="image" url={view.coverPhotoPath} label="cover photo" />}
      />
      <UploadField
        label="New highlight video (optional)"
        upload={firstVideo}
        error={errors.videoPath?.message}
        hint={VIDEO_FIELD_HINT}
        current={<CurrentMedia kind="video" url={view.videoPath} label="highlight video" poster={poster} />}
      />
      <UploadField
        label="New second highlight video (optional)"
        upload={secondVideo}
        error={errors.videoPathTwo?.message}
        hint={VIDEO_FIELD_HINT}
        current={
          view.videoPathTwo ? (
            <CurrentMedia kind="video" url={view.videoPathTwo} label="second highlight video" poster={poster} />
          ) : null
        }
      />
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
          {isSubmitting ? "Sending…" : PROFILE_EDIT.sendForReview}
        </Button>
      </div>
    </form>
  );
}
