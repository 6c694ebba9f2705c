import { formatPhoneGrouped, phoneLinks } from "@touchline/contract/phone";

const linkClass = "inline-flex min-h-11 items-center font-semibold text-green-900 underline";

/** A shared phone number, grouped to read, with a call link and a WhatsApp link. */
export function PhoneContact({ phoneNumber, name }: { phoneNumber: string; name: string }) {
  const links = phoneLinks(phoneNumber);
  return (
    <span className="flex flex-wrap items-center gap-x-4">
      <a href={links.tel} className={linkClass}>
        {formatPhoneGrouped(phoneNumber)}
      </a>
      <a href={links.whatsapp} target="_blank" rel="noopener noreferrer" className={linkClass}>
        WhatsApp {name}
      </a>
    </span>
  );
}

/** A shared e-mail address as a link that starts a message. */
export function EmailContact({ email }: { email: string }) {
  return (
    <a href={`mailto:${email}`} className={`${linkClass} break-all`}>
      {email}
    </a>
  );
}
