import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useForm, useWatch } from "react-hook-form";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import type { z } from "zod";
import { FITNESS_LEVELS, POSITIONS, PREFERRED_FEET } from "@touchline/contract/enums";
import { ABOUT_MAX_LENGTH, HEIGHT_CM, WEIGHT_KG } from "@touchline/contract/limits";
import { EXTRA, PROFILE_FORM, PROFILE_PAGE } from "@touchline/contract/messages";
import { playerInfoSchema, type PlayerInfoInput } from "@touchline/contract/profile";
import { Button } from "../../components/button.tsx";
import { SelectField, TextAreaField, TextField } from "../../components/field.tsx";
import { ApiError } from "../../lib/api.ts";
import { useHydrated } from "../site/use-hydrated.ts";
import { UploadField } from "../uploads/upload-field.tsx";
import { useFileUpload, type FileUpload } from "../uploads/use-file-upload.ts";
import { createPlayerProfile } from "./profile-api.ts";
import { profileQueryKey } from "./use-player-profile.ts";

type FormInput = PlayerInfoInput;
type FormOutput = z.output<typeof playerInfoSchema>;
type FieldName = keyof FormInput;

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
  "aboutYourself",
];

/** Empty number boxes mean "not given" (so the "required" message shows, not "at least 100"). */
const numberOrEmpty = (value: unknown) => (value === "" || value === null ? undefined : value);

const isBusy = (upload: FileUpload) => upload.state.status === "checking" || upload.state.status === "uploading";

/**
 * The 'Submit your info' form (SPEC.md "Player area", /player/add-content). Validated with the
 * same contract schema the server enforces; the media fields hold the URLs of files already
 * uploaded, so submitting sends a few hundred bytes, never the files themselves.
 */
export function ProfileForm({ scoutId, onSubmitted }: { scoutId: string; onSubmitted: () => void }) {
  const hydrated = useHydrated();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [waitForUploads, setWaitForUploads] = useState(false);
  const {
    register,
    handleSubmit,
    setValue,
    setError,
    getValues,
    control,
    formState: { errors, isSubmitting, isSubmitted },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(playerInfoSchema),
    defaultValues: {
      scoutId,
      coverPhotoPath: "",
      videoPath: "",
      videoPathTwo: "",
      position: "",
      secondaryPosition: "",
      preferredFoot: "",
      heightInCm: "",
      weightInKg: "",
      currentFitnessStatus: "",
      aboutYourself: "",
    },
  });

  // A file's URL enters the form once its upload has finished, and leaves when it is removed.
  const bindUpload = (field: "coverPhotoPath" | "videoPath" | "videoPathTwo") => ({
    onUploaded: (media: { url: string }) => setValue(field, media.url, { shouldValidate: isSubmitted }),
    onCleared: () => setValue(field, "", { shouldValidate: isSubmitted }),
  });
  const cover = useFileUpload("image", bindUpload("coverPhotoPath"));
  const firstVideo = useFileUpload("video", bindUpload("videoPath"));
  const secondVideo = useFileUpload("video", bindUpload("videoPathTwo"));
  const uploads = [cover, firstVideo, secondVideo];
  const uploading = uploads.some(isBusy);

  const position = useWatch({ control, name: "position" });
  const about = useWatch({ control, name: "aboutYourself" }) ?? "";
  const secondaryOptions = POSITIONS.filter((p) => p.value !== position);

  const positionField = register("position", {
    onChange: (event: { target: { value: string } }) => {
      // The secondary list never offers the main position; drop it if it was just chosen as main.
      if (event.target.value && event.target.value === getValues("secondaryPosition")) setValue("secondaryPosition", "");
    },
  });

  const submit = handleSubmit(async (values) => {
    const now = new Date().toISOString();
    try {
      await createPlayerProfile({ ...values, scoutId, submissionDate: now, videoUploadDate: values.videoPath ? now : null });
    } catch (error) {
      // Nothing typed or uploaded is lost: the player fixes what the server names and resends.
      toast.error(error instanceof Error && error.message ? error.message : PROFILE_PAGE.unknownError);
      if (error instanceof ApiError) {
        for (const field of FIELDS) {
          const message = error.errors[field];
          if (message) setError(field, { type: "server", message });
        }
      }
      return;
    }
    toast.success(PROFILE_FORM.submitted);
    onSubmitted();
    // The files now belong to the profile: forget them here without deleting them.
    for (const upload of uploads) upload.reset();
    await queryClient.invalidateQueries({ queryKey: profileQueryKey(scoutId) });
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
        <UploadField label="Cover photo" upload={cover} error={errors.coverPhotoPath?.message} hint="JPEG, PNG or GIF" />
        <UploadField label="Highlight video" upload={firstVideo} error={errors.videoPath?.message} hint="MP4, up to 3 minutes and 150MB" />
        <UploadField label="Second highlight video (optional)" upload={secondVideo} error={errors.videoPathTwo?.message} hint="MP4, up to 3 minutes and 150MB" />
      </fieldset>

      <fieldset className="flex flex-col gap-5">
        <legend className="mb-2 text-lg font-bold text-slate-900">About your game</legend>
        <div className="grid gap-5 sm:grid-cols-2">
          <SelectField label="Position" placeholder="Select position" options={POSITIONS} error={errors.position?.message} {...positionField} />
          <SelectField label="Secondary position (optional)" placeholder="None" options={secondaryOptions} error={errors.secondaryPosition?.message} {...register("secondaryPosition")} />
          <SelectField label="Preferred foot" placeholder="Select preferred foot" options={PREFERRED_FEET} error={errors.preferredFoot?.message} {...register("preferredFoot")} />
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
        <TextAreaField
          label="About yourself"
          rows={5}
          maxLength={ABOUT_MAX_LENGTH}
          error={errors.aboutYourself?.message}
          hint={`${about.length}/${ABOUT_MAX_LENGTH} characters`}
          {...register("aboutYourself")}
        />
      </fieldset>

      <div className="flex flex-col gap-3">
        {waitForUploads && uploading ? (
          <p role="alert" className="text-sm text-red-700">
            {EXTRA.uploadsInProgress}
          </p>
        ) : null}
        <div>
          <Button type="submit" disabled={!hydrated || isSubmitting} aria-busy={isSubmitting || undefined} className="w-full sm:w-auto">
            {isSubmitting ? "Submitting…" : "Submit"}
          </Button>
        </div>
      </div>
    </form>
  );
}
