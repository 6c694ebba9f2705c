import { Link, useSearchParams } from "react-router";
import { AUDIT_ACTIONS, type AuditEntry, type AuditSubject } from "@touchline/contract/admin";
import { labelOf } from "@touchline/contract/enums";
import { ADMIN_CONSOLE } from "@touchline/contract/messages";
import { fetchAudit } from "./admin-api.ts";
import { formatDateTime } from "./format.ts";
import { ListHeading, ListState, Pager } from "./list-parts.tsx";
import { parsePage } from "./list-params.ts";
import { ADMIN_KEYS, useStaffList } from "./staff-queries.ts";

const TARGETS: Record<AuditEntry["targetType"], string> = {
  profile: "Profile",
  "contact-message": "Contact message",
  "deletion-request": "Deletion request",
  account: "Account",
};

/** Where staff open whom an entry is about: the public page, or the console's page for it. */
export function subjectLink(subject: AuditSubject): { href: string; external: boolean } | null {
  switch (subject.kind) {
    case "player":
      if (subject.reviewStatus === "approved")
        return { href: `/players/${encodeURIComponent(subject.username)}`, external: true };
      return subject.reviewStatus ? { href: `/admin?status=${subject.reviewStatus}`, external: false } : null;
    case "scout": {
      const state = subject.state === "unverified" ? "" : `?state=${subject.state}`;
      return { href: `/admin/scouts${state}#scout-${subject.accountId}`, external: false };
    }
    case "contact-message":
      return { href: "/admin/messages?status=handled", external: false };
    case "deletion-request":
      return { href: "/admin/deletions?status=closed", external: false };
    case "staff":
      return null;
  }
}

/** Whom an entry is about, in words: a person's name and what tells them apart. */
export function subjectText(subject: AuditSubject): string {
  switch (subject.kind) {
    case "player":
      return `${subject.name} (@${subject.username})`;
    case "scout":
      return `${subject.name}, ${subject.organisation}`;
    case "staff":
      return `${subject.name} (${subject.phoneNumber})`;
    case "contact-message":
      return `Message from ${subject.name} (${subject.email})`;
    case "deletion-request":
      return `Deletion request from ${subject.email}`;
  }
}

function Subject({ entry }: { entry: AuditEntry }) {
  const { subject } = entry;
  if (!subject) {
    // Accounts and profiles go with their account; messages and requests are kept.
    return entry.targetType === "profile" || entry.targetType === "account" ? (
      <>{ADMIN_CONSOLE.deletedAccount}</>
    ) : (
      <>{`${TARGETS[entry.targetType]} (deleted)`}</>
    );
  }
  const text = subjectText(subject);
  const link = subjectLink(subject);
  const className = "font-medium text-brand-700 underline underline-offset-2";
  if (!link) return <>{text}</>;
  return link.external ? (
    <a href={link.href} className={className}>
      {text}
    </a>
  ) : (
    <Link to={link.href} className={className}>
      {text}
    </Link>
  );
}

/** /admin/audit (admins only): every staff action, newest first. */
export function AuditLog() {
  const [params] = useSearchParams();
  const page = parsePage(params.get("page"));
  const list = useStaffList([...ADMIN_KEYS.audit, page], (signal) => fetchAudit(page, signal));
  const data = list.data;
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-5 px-4 py-6 sm:py-10">
      <ListHeading title="Audit log" total={data?.total} noun={["entry", "entries"]} />
      <p className="text-sm text-slate-600">Every action taken by staff, newest first.</p>
      <ListState
        isPending={list.isPending}
        isError={list.isError && !data}
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
        isEmpty={data?.items.length === 0}
        empty={ADMIN_CONSOLE.auditEmpty}
      >
        <ol className="divide-y divide-slate-200 overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
          {data?.items.map((entry) => (
            <li key={entry.id} className="grid gap-1 p-4 text-sm sm:grid-cols-[11rem_1fr] sm:gap-4">
              <time dateTime={entry.createdAt} className="text-slate-600">
                {formatDateTime(entry.createdAt)}
              </time>
              <div className="min-w-0">
                <p className="text-slate-900">
                  <strong>{entry.actorAccount?.name ?? entry.actor}</strong>
                  {entry.actorAccount ? (
                    <span className="text-slate-600"> ({entry.actorAccount.phoneNumber})</span>
                  ) : null}{" "}
                  · {labelOf(AUDIT_ACTIONS, entry.action)}
                </p>
                <p className="break-words text-slate-600">
                  <Subject entry={entry} />
                </p>
                {entry.detail ? <p className="mt-1 break-words text-slate-800">{entry.detail}</p> : null}
              </div>
            </li>
          ))}
        </ol>
      </ListState>
      {data ? <Pager page={page} pageSize={data.pageSize} total={data.total} params={params} /> : null}
    </div>
  );
}
