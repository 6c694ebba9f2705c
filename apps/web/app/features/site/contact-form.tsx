import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { EXTRA } from "@touchline/contract/messages";
import { contactMessageSchema, type ContactMessageInput } from "@touchline/contract/site";
import { Button } from "../../components/button.tsx";
import { TextAreaField, TextField } from "../../components/field.tsx";
import { ApiError, apiFetch } from "../../lib/api.ts";
import { useHydrated } from "./use-hydrated.ts";

const EMPTY: ContactMessageInput = { name: "", email: "", message: "" };
const FIELDS = Object.keys(EMPTY) as (keyof ContactMessageInput)[];

/**
 * The contact form of the home page and /contact. The spec shows it without behaviour; here it
 * validates with the shared contract schema, stores the message on the server and confirms with
 * a toast. On failure nothing typed is lost, so a visitor on a flaky connection can simply retry.
 */
export function ContactForm({ headingId }: { headingId?: string }) {
  const hydrated = useHydrated();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ContactMessageInput>({ resolver: zodResolver(contactMessageSchema), defaultValues: EMPTY });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await apiFetch<{ id: string }>("/api/site/contact-messages", { method: "POST", body: values });
      toast.success(EXTRA.contactSent);
      reset(EMPTY);
    } catch (error) {
      toast.error(EXTRA.contactFailed);
      // The server checks the same schema; show its per-field verdicts beside the fields.
      if (error instanceof ApiError) {
        for (const field of FIELDS) {
          const message = error.errors[field];
          if (message) setError(field, { type: "server", message });
        }
      }
    }
  });

  return (
    // method="post" and a button disabled until hydration: the form can never fall back to a
    // native GET that would put the visitor's name, e-mail and message into the URL.
    <form method="post" noValidate onSubmit={onSubmit} aria-labelledby={headingId} className="flex flex-col gap-4">
      <TextField label="Name" autoComplete="name" error={errors.name?.message} {...register("name")} />
      <TextField label="Email" type="email" autoComplete="email" inputMode="email" error={errors.email?.message} {...register("email")} />
      <TextAreaField label="Message" rows={5} error={errors.message?.message} {...register("message")} />
      <div>
        <Button type="submit" disabled={!hydrated || isSubmitting} aria-busy={isSubmitting || undefined}>
          {isSubmitting ? "Sending…" : "Send Message"}
        </Button>
      </div>
    </form>
  );
}
