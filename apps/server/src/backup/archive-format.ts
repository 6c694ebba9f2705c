import { z } from "zod";
import { assertValidKey } from "../media/storage.ts";
import { SIGNATURE_MEMBER } from "./archive-signature.ts";

/**
 * One backup is one tar file (docs/decisions/0037-backups-as-a-logical-export.md):
 *   database/<table>.jsonl   the rows of each table, one JSON object a line, in load order
 *   storage/<key>            each stored object of the media files those rows name
 *   manifest.json            versions, counts, and the size and SHA-256 of every member
 *   manifest.sig             last: HMAC-SHA256 of manifest.json (archive-signature.ts)
 */
export const ARCHIVE_FORMAT = "touchline-backup";
export const ARCHIVE_FORMAT_VERSION = 1;
export const MANIFEST_MEMBER = "manifest.json";

export const tableMember = (table: string) => `database/${table}.jsonl`;
export const objectMember = (key: string) => `storage/${key}`;
export const keyOfObjectMember = (member: string) =>
  member.startsWith("storage/") ? member.slice("storage/".length) : null;

/** Largest manifest a restore reads into memory: about 300 000 media objects' worth. */
export const MANIFEST_MAX_BYTES = 64 * 1024 * 1024;

/** A table's name as our migrations write them: lower case, digits and underscores. */
const TABLE_MEMBER = /^database\/[a-z_][a-z0-9_]{0,62}\.jsonl$/;

/**
 * The only members a backup writes: the manifest, its signature, a table's rows, or an object of
 * a media file. Identity documents (age-documents/) are never in a backup, and a name that could
 * climb out of the storage root (.., absolute, odd characters) is not a storage key at all.
 */
export function isKnownMember(name: string): boolean {
  if (name === MANIFEST_MEMBER || name === SIGNATURE_MEMBER) return true;
  if (TABLE_MEMBER.test(name)) return true;
  const key = keyOfObjectMember(name);
  if (!key?.startsWith("media/")) return false;
  try {
    assertValidKey(key);
    return true;
  } catch {
    return false;
  }
}

/** touchline-backup-2026-11-27T093012Z.tar: sorts by time, and says it in UTC. */
export function archiveName(at: Date): string {
  const stamp = at
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z");
  // 20261127T093012Z -> 2026-11-27T093012Z
  return `touchline-backup-${stamp.slice(0, 4)}-${stamp.slice(4, 6)}-${stamp.slice(6, 8)}${stamp.slice(8)}.tar`;
}

const memberSchema = z.object({ size: z.number().int().nonnegative(), sha256: z.string().regex(/^[0-9a-f]{64}$/) });

export const manifestSchema = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  formatVersion: z.literal(ARCHIVE_FORMAT_VERSION),
  /** The server's version that wrote it (apps/server/package.json). */
  appVersion: z.string(),
  createdAt: z.string(),
  /** When the database's snapshot was taken; media were copied after it. */
  snapshotAt: z.string(),
  source: z.object({ database: z.enum(["pglite", "postgres"]), storage: z.enum(["disk", "s3"]) }),
  /** The migrations the database had: the schema the rows fit. */
  migrations: z.array(z.string()),
  /** In load order: each table after the tables it refers to. */
  tables: z.array(
    z.object({
      name: z.string(),
      columns: z.array(z.string()),
      rows: z.number().int().nonnegative(),
      member: z.string(),
    }),
  ),
  media: z.object({
    files: z.number().int().nonnegative(),
    objects: z.number().int().nonnegative(),
    bytes: z.number().int().nonnegative(),
    /** Media files whose row is in the snapshot but whose objects were not in the storage. */
    missing: z.array(z.string()),
  }),
  /** Every member but the manifest itself. */
  members: z.record(z.string(), memberSchema),
});

export type Manifest = z.infer<typeof manifestSchema>;
export type ManifestTable = Manifest["tables"][number];
