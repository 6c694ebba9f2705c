import { DELIVERY_VIEW } from "@touchline/contract/delivery-view";
import { DELIVERY_STATES, NOTIFICATIONS, type DeliveryState } from "@touchline/contract/notifications";
import type { DeliveryItem } from "@touchline/contract/notification-schemas";
import { SMS_BUDGET } from "@touchline/contract/sms-budget";
import { fetchDeliveries, fetchSmsBudget } from "./admin-api.ts";
import { formatDateTime } from "./format.ts";
import { FilterLinks, ListHeading, ListState } from "./list-parts.tsx";
import { useListParams } from "./list-params.ts";
import { ADMIN_KEYS, useStaffList } from "./staff-queries.ts";

type Filter = DeliveryState | "all";
const FILTER_VALUES: readonly Filter[] = ["all", ...DELIVERY_STATES];
const FILTERS = FILTER_VALUES.map((value) => ({
  value,
  label: value === "all" ? DELIVERY_VIEW.allStates : NOTIFICATIONS.stateText[value],
}));

/** Colours that tell a delivery's state at a glance; the word beside it says it for everyone. */
const STATE_TONE: Record<DeliveryState, string> = {
  queued: "bg-slate-100 text-slate-800",
  held: "bg-amber-100 text-amber-900",
  sent: "bg-green-100 text-green-900",
  failed: "bg-red-100 text-red-900",
  retrying: "bg-amber-100 text-amber-900",
  skipped: "bg-slate-100 text-slate-700",
};

/** /admin/deliveries: each notification's delivery, with its state, attempts and provider id. */
export function Deliveries() {
  const { status, params } = useListParams(FILTER_VALUES, "all");
  const state = status === "all" ? undefined : status;
  const list = useStaffList([...ADMIN_KEYS.deliveries, status], (signal) => fetchDeliveries(state, signal));
  const items = list.data?.notifications;
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-5 px-4 py-6 sm:py-10">
      <ListHeading title={DELIVERY_VIEW.title} total={items?.length} noun={["delivery", "deliveries"]} />
      <p className="text-sm text-slate-600">{DELIVERY_VIEW.intro}</p>
      <SmsBudgetAlert />
      <FilterLinks label="Delivery state" filters={FILTERS} current={status} params={params} />
      <ListState
        isPending={list.isPending}
        isError={list.isError && !list.data}
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
        isEmpty={items?.length === 0}
        empty={DELIVERY_VIEW.empty}
      >
        <ol className="divide-y divide-slate-200 overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
          {items?.map((item) => (
            <DeliveryRow key={`${item.id}-${item.channel}`} item={item} />
          ))}
        </ol>
      </ListState>
    </div>
  );
}

/**
 * The SMS budget's alert: each country whose hourly or daily budget was reached, while it
 * lasts. Nothing at all while no budget is reached, or when the alert cannot be loaded (the
 * list below still works).
 */
function SmsBudgetAlert() {
  const status = useStaffList(ADMIN_KEYS.smsBudget, fetchSmsBudget);
  const reached = status.data?.reached ?? [];
  if (reached.length === 0) return null;
  return (
    <section role="alert" className="rounded-2xl bg-red-50 p-4 text-sm text-red-900 ring-1 ring-red-200">
      <h2 className="font-semibold">{SMS_BUDGET.alertTitle}</h2>
      <ul className="mt-1 list-disc pl-5">
        {reached.map((row) => (
          <li key={`${row.country}-${row.period}`}>
            {SMS_BUDGET.alertLine(row.country, row.period, row.sent, row.budget)} Renews {formatDateTime(row.until)}.
          </li>
        ))}
      </ul>
      <p className="mt-2">{SMS_BUDGET.alertIntro}</p>
    </section>
  );
}

function DeliveryRow({ item }: { item: DeliveryItem }) {
  return (
    <li
      className="grid gap-1 p-4 text-sm sm:grid-cols-[11rem_1fr] sm:gap-4"
      aria-label={`${DELIVERY_VIEW.eventText[item.event]} · ${NOTIFICATIONS.channelText[item.channel]} · ${item.recipient}`}
    >
      <time dateTime={item.createdAt} className="text-slate-600">
        {formatDateTime(item.createdAt)}
      </time>
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 text-slate-900">
          <strong>{DELIVERY_VIEW.eventText[item.event]}</strong>
          <span>· {NOTIFICATIONS.channelText[item.channel]} ·</span>
          <span className="break-words">{item.recipient}</span>
          <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATE_TONE[item.state]}`}>
            {NOTIFICATIONS.stateText[item.state]}
          </span>
        </p>
        <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-slate-700">
          <dt>Attempts</dt>
          <dd>{item.attempts}</dd>
          <dt>Provider id</dt>
          <dd className="font-mono text-xs break-all">{item.providerId ?? "none yet"}</dd>
          {item.sentAt ? (
            <>
              <dt>Sent</dt>
              <dd>{formatDateTime(item.sentAt)}</dd>
            </>
          ) : null}
          {item.lastError ? (
            <>
              <dt>Last error</dt>
              <dd className="break-words text-red-800">{item.lastError}</dd>
            </>
          ) : null}
        </dl>
      </div>
    </li>
  );
}
