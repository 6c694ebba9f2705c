import { customType, date, integer, pgTable, primaryKey, timestamp, uuid } from "drizzle-orm/pg-core";
import { players } from "./auth.ts";

const ts = (name: string) => timestamp(name, { withTimezone: true });
const bytes = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => Buffer.from(value),
});
const player = (name: string) =>
  uuid(name)
    .notNull()
    .references(() => players.id, { onDelete: "cascade" });

/** One random salt per Lusaka day, deleted once the day is over (migration 0023). */
export const interestSalts = pgTable("interest_salts", {
  day: date("day", { mode: "string" }).primaryKey(),
  salt: bytes("salt").notNull(),
});

/** Today's visitors per profile as salted hashes only, with when each last counted. */
export const interestVisits = pgTable(
  "interest_visits",
  {
    playerId: player("player_id"),
    visitorHash: bytes("visitor_hash").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    countedAt: ts("counted_at").notNull(),
  },
  (table) => [primaryKey({ columns: [table.playerId, table.visitorHash] })],
);

/** Per profile per Lusaka day: visitors, and verified scouts who looked that day. */
export const interestDaily = pgTable(
  "interest_daily",
  {
    playerId: player("player_id"),
    day: date("day", { mode: "string" }).notNull(),
    visitors: integer("visitors").notNull().default(0),
    scouts: integer("scouts").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.playerId, table.day] })],
);

/** Which verified scout looked at which profile, and the last day they did (kept for the window only). */
export const interestScoutViews = pgTable(
  "interest_scout_views",
  {
    playerId: player("player_id"),
    scoutId: player("scout_id"),
    lastDay: date("last_day", { mode: "string" }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.playerId, table.scoutId] })],
);
