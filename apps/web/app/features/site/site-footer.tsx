import type { ReactNode } from "react";
import { Link } from "react-router";
import { Icon } from "../../components/icons.tsx";
import { Logo } from "../../components/logo.tsx";
import {
  CONTACT_DETAILS,
  FOOTER_LINKS_ID,
  FOOTER_USEFUL_LINKS,
  LEGAL_LINKS,
  SOCIAL_LINKS,
  type SocialNetwork,
} from "./site-links.ts";

/** Footer of every public page: useful links, contact details, social links and legal links. */
export function SiteFooter() {
  return (
    <footer className="bg-brand-900 text-brand-50">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div className="flex flex-col gap-3">
          <Logo inverted />
          <p className="text-sm leading-relaxed">
            Live scores, news and standings in your pocket, and a stage where Zambian players show clubs and scouts what
            they can do.
          </p>
        </div>
        <FooterColumn title="Useful links">
          <ul id={FOOTER_LINKS_ID} className="grid grid-cols-2 gap-x-4 text-sm sm:grid-cols-1">
            {FOOTER_USEFUL_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className={footerLinkClass}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </FooterColumn>
        <FooterColumn title="Contact us">
          <address className="flex flex-col gap-1 text-sm not-italic">
            <a href={`mailto:${CONTACT_DETAILS.email}`} className={`${footerLinkClass} gap-2`}>
              <Icon name="mail" className="h-5 w-5 shrink-0" />
              {CONTACT_DETAILS.email}
            </a>
            <span className="inline-flex items-start gap-2">
              <Icon name="pin" className="h-5 w-5 shrink-0" />
              <span>
                {CONTACT_DETAILS.addressLines.map((line) => (
                  <span key={line} className="block">
                    {line}
                  </span>
                ))}
              </span>
            </span>
            <Link to="/contact" className={footerLinkClass}>
              Send us a message
            </Link>
          </address>
        </FooterColumn>
        <FooterColumn title="Follow us">
          <ul className="flex gap-3">
            {SOCIAL_LINKS.map((social) => (
              <li key={social.network}>
                <a
                  href={social.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex h-11 w-11 items-center justify-center rounded-full bg-brand-700 text-white hover:bg-brand-500 hover:text-brand-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
                >
                  <SocialIcon network={social.network} />
                  <span className="sr-only">{social.label} (opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        </FooterColumn>
      </div>
      <div className="border-t border-brand-700">
        <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-5 text-sm sm:flex-row sm:items-center sm:justify-between">
          <p>
            © <span suppressHydrationWarning>{new Date().getFullYear()}</span> Touchline. All rights reserved.
          </p>
          <nav aria-label="Legal">
            <ul className="flex gap-5">
              {LEGAL_LINKS.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className={footerLinkClass}>
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </div>
    </footer>
  );
}

/** 44 px high: a finger's target, also for the short text links (WCAG 2.2 target size). */
const footerLinkClass =
  "inline-flex min-h-11 items-center rounded underline-offset-4 hover:text-white hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white";

function FooterColumn({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-3">
      <h2 className="text-base font-semibold text-white">{title}</h2>
      {children}
    </div>
  );
}

function SocialIcon({ network }: { network: SocialNetwork }) {
  const common = { viewBox: "0 0 24 24", className: "h-5 w-5", "aria-hidden": true, focusable: false } as const;
  if (network === "facebook") {
    return (
      <svg {...common} fill="currentColor">
        <path d="M13.5 21v-7.5h2.6l.4-3h-3V8.6c0-.9.3-1.5 1.5-1.5h1.6V4.4c-.3 0-1.2-.1-2.3-.1-2.3 0-3.9 1.4-3.9 4v2.2H7.8v3h2.6V21z" />
      </svg>
    );
  }
  if (network === "instagram") {
    return (
      <svg {...common} fill="none" stroke="currentColor" strokeWidth="2">
        <rect x="3.5" y="3.5" width="17" height="17" rx="5" />
        <circle cx="12" cy="12" r="4" />
        <circle cx="17.3" cy="6.7" r="1" fill="currentColor" stroke="none" />
      </svg>
    );
  }
  return (
    <svg {...common} fill="currentColor">
      <path d="M5 9h3v11H5zM6.5 4a1.75 1.75 0 1 1 0 3.5 1.75 1.75 0 0 1 0-3.5zM10 9h2.9v1.5c.4-.8 1.5-1.7 3.1-1.7 3.2 0 3.8 2.1 3.8 4.9V20h-3v-5.6c0-1.3 0-3-1.9-3s-2.1 1.4-2.1 2.9V20H10z" />
    </svg>
  );
}
