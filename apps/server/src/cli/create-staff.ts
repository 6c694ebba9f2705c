import path from "node:path";
import { parseArgs } from "node:util";
import { staffAccountSchema } from "@touchline/contract/staff-account";
import type { StaffRole } from "@touchline/contract/session";
import { maskPhone } from "@touchline/contract/phone";
import { hashPassword } from "../auth/passwords.ts";
import { createPlayerStore, emailKeyOf } from "../auth/player-store.ts";
import { deleteSessionsOf } from "../auth/session-store.ts";
import { loadConfig } from "../config.ts";
import { prepareDataDir } from "../ops/data-dir.ts";
import { connectDatabase, type DatabaseConnection } from "../db/client.ts";
import { DatabaseInUseError } from "../db/embedded-lock.ts";
import { migrate } from "../db/migrate.ts";
import { runThroughHolder } from "../ops/control-socket.ts";
import { COMMAND_LINE_ACTOR, recordAudit } from "../admin/audit.ts";

export const USAGE = `Usage: npm run create-staff -- --phone <number> --password <password> --role reviewer|admin
                              [--username <name>] [--email <address>] [--first-name <name>] [--last-name <name>]

Creates a staff account that can log in at /auth/player-login and use /admin, or makes the
existing account with that phone number staff (its role and password are set; its sessions end).
Uses the server's DATA_DIR or DATABASE_URL. While a server runs on the embedded database of
DATA_DIR, that server is asked to do it.`;

export interface CreateStaffArgs {
  phoneNumber: string;
  password: string;
  role: StaffRole;
  username?: string;
  email?: string;
  firstName?: string;
  lastName?: string;
}

/** Bad arguments: the message and the usage are printed, and the exit code is 2. */
export class UsageError extends Error {}

export function parseCreateStaffArgs(argv: string[]): CreateStaffArgs {
  let values: Record<string, string | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        phone: { type: "string" },
        password: { type: "string" },
        role: { type: "string" },
        username: { type: "string" },
        email: { type: "string" },
        "first-name": { type: "string" },
        "last-name": { type: "string" },
      },
    }) as { values: Record<string, string | undefined> });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const missing = ["phone", "password", "role"].filter((name) => !values[name]);
  if (missing.length > 0) throw new UsageError(`Missing ${missing.map((m) => `--${m}`).join(", ")}.`);

  // The account rules of the contract, exactly as registration applies them.
  const parsed = staffAccountSchema.safeParse({
    phoneNumber: values.phone,
    password: values.password,
    role: values.role,
    userName: values.username,
    email: values.email,
    firstName: values["first-name"]?.trim() || undefined,
    lastName: values["last-name"]?.trim() || undefined,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const option = OPTION_OF[String(issue.path[0])] ?? `--${String(issue.path[0])}`;
    // The password is never echoed: the terminal's scrollback and CI logs keep what is printed.
    const given = option === "--password" ? "" : ` "${values[option.slice(2)] ?? ""}"`;
    throw new UsageError(`${option}${given}: ${issue.message}`);
  }
  const { userName, ...account } = parsed.data;
  return { ...account, username: userName };
}

/** The command-line option that carries each field of the contract's staff account. */
const OPTION_OF: Record<string, string> = {
  phoneNumber: "--phone",
  password: "--password",
  role: "--role",
  userName: "--username",
  email: "--email",
  firstName: "--first-name",
  lastName: "--last-name",
};

export interface CreateStaffResult {
  outcome: "created" | "promoted";
  playerId: string;
  username: string;
  role: StaffRole;
  /** The role before, for a promoted account. */
  previousRole?: string;
}

/**
 * Creates a verified staff account, or gives the existing account with that phone number the
 * role and password (its sessions end, so the new role and password apply from the next login).
 * Either is recorded in the audit log as done from the command line.
 */
export async function createStaffAccount(
  connection: DatabaseConnection,
  args: CreateStaffArgs,
  now: Date = new Date(),
): Promise<CreateStaffResult> {
  const { db } = connection;
  const passwordHash = await hashPassword(args.password);
  const digits = args.phoneNumber.slice(-6);
  const username = args.username ?? `${args.role}${digits}`;
  // A staff account needs no real address or birth date; .invalid can never receive mail.
  const email = emailKeyOf(args.email ?? `${username.toLowerCase()}@staff.touchline.invalid`);

  return db.transaction(async (tx) => {
    const accounts = createPlayerStore(tx, () => now);
    const existing = await accounts.byPhone(args.phoneNumber);
    if (existing) {
      await accounts.makeStaff(existing, args.role, passwordHash, now);
      await deleteSessionsOf(tx, existing.id);
      await recordAudit(
        tx,
        COMMAND_LINE_ACTOR,
        {
          action: "staff.promoted",
          targetType: "account",
          targetId: existing.id,
          detail: `${existing.username}: ${existing.role} -> ${args.role}`,
        },
        now,
      );
      return {
        outcome: "promoted",
        playerId: existing.id,
        username: existing.username,
        role: args.role,
        previousRole: existing.role,
      } satisfies CreateStaffResult;
    }

    const taken = await accounts.holderOfUsernameOrEmail(username, email);
    if (taken) {
      throw new Error(
        taken.email === email
          ? `The e-mail address ${email} is already used by another account: choose another with --email.`
          : `The username ${username} is already taken: choose another with --username.`,
      );
    }
    const { id } = await accounts.insert({
      firstName: args.firstName ?? "Touchline",
      lastName: args.lastName ?? (args.role === "admin" ? "Admin" : "Reviewer"),
      userName: username,
      dateOfBirth: "1970-01-01",
      email,
      phoneNumber: args.phoneNumber,
      passwordHash,
      role: args.role,
      phoneVerifiedAt: now,
    });
    await recordAudit(
      tx,
      COMMAND_LINE_ACTOR,
      { action: "staff.created", targetType: "account", targetId: id, detail: `${username}: ${args.role}` },
      now,
    );
    return { outcome: "created", playerId: id, username, role: args.role } satisfies CreateStaffResult;
  });
}

export interface RunOptions {
  env?: Record<string, string | undefined>;
  /**
   * An open, migrated database (the server's, or a test's); otherwise the one the configuration
   * names is opened, migrated and closed, or its owner, a running server, is asked to do it.
   */
  database?: DatabaseConnection;
  out?: (line: string) => void;
  err?: (line: string) => void;
}

/** The command: parses arguments, opens the server's database, and returns the exit code (0, 1 failure, 2 bad arguments). */
export async function runCreateStaff(argv: string[], options: RunOptions = {}): Promise<number> {
  const out = options.out ?? ((line: string) => console.log(line));
  const err = options.err ?? ((line: string) => console.error(line));
  if (argv.includes("--help") || argv.includes("-h")) {
    out(USAGE);
    return 0;
  }
  let args: CreateStaffArgs;
  try {
    args = parseCreateStaffArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    err(`create-staff: ${error.message}\n\n${USAGE}`);
    return 2;
  }

  let connection = options.database;
  try {
    if (!connection) {
      const config = loadConfig(options.env ?? process.env);
      prepareDataDir(config.dataDir);
      try {
        connection = await connectDatabase({
          url: config.DATABASE_URL,
          pgliteDir: path.join(config.dataDir, "db"),
          poolSize: 2,
          lockOwner: { kind: "create-staff" },
        });
      } catch (error) {
        if (!(error instanceof DatabaseInUseError)) throw error;
        return await runThroughHolder(error, { command: "create-staff", argv }, { out, err });
      }
      await migrate(connection);
    }
    const result = await createStaffAccount(connection, args);
    const who = `${result.username} (${maskPhone(args.phoneNumber)})`;
    out(
      result.outcome === "created"
        ? `Created the ${result.role} account ${who}. Log in at /auth/player-login with this phone number and password, then open /admin.`
        : `The account ${who} is now ${result.role === "admin" ? "an admin" : "a reviewer"} (was ${result.previousRole}); its password was set and its sessions ended.`,
    );
    return 0;
  } catch (error) {
    err(`create-staff: ${(error as Error).message}`);
    return 1;
  } finally {
    if (connection && !options.database) await connection.close();
  }
}
