import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import { z } from "zod";
import { type DatabaseInUseError } from "../db/embedded-lock.ts";

/**
 * The local channel through which `create-staff`, `seed-demo` and `backup` ask the server that owns the
 * embedded database to do their work, instead of opening the database a second time
 * (docs/decisions/0014-one-owner-of-the-embedded-database.md).
 *
 * A Unix domain socket, DATA_DIR/run/control.sock: never reachable over TCP, and only by the
 * user the server runs as (the folder is 0700 and the socket 0600; connecting needs both). It
 * runs exactly these commands, one at a time, with the arguments the command line was given, and
 * sends back what the command prints and its exit code, one JSON object per line.
 */

export const CONTROL_COMMANDS = ["create-staff", "seed-demo", "backup"] as const;
export type ControlCommand = (typeof CONTROL_COMMANDS)[number];

export interface ControlRequest {
  command: ControlCommand;
  argv: string[];
}

/** Where a command writes its lines (stdout and stderr when it runs on its own). */
export interface CommandOutput {
  out(line: string): void;
  err(line: string): void;
}

/** Runs one command inside the server; resolves to its exit code. */
export type CommandHandler = (argv: string[], output: CommandOutput) => Promise<number>;

const requestSchema = z.object({
  command: z.enum(CONTROL_COMMANDS),
  argv: z.array(z.string().max(1_000)).max(40),
});
const MAX_REQUEST_BYTES = 64 * 1024;
/** sun_path holds 108 bytes on Linux (104 on macOS), with the final NUL. */
const MAX_SOCKET_PATH_BYTES = 103;

export const controlSocketPath = (dataDir: string) => path.join(dataDir, "run", "control.sock");

export interface ControlSocket {
  /** Stops taking commands, waits for the one running, and removes the socket. */
  close(): Promise<void>;
}

/**
 * Listens on DATA_DIR/run/control.sock. Only the owner of the embedded database calls this: the
 * database lock is what makes a socket file left by a dead server safe to replace.
 */
export async function listenControlSocket(
  dataDir: string,
  handlers: Record<ControlCommand, CommandHandler>,
  log: FastifyBaseLogger,
): Promise<ControlSocket> {
  const socketPath = controlSocketPath(dataDir);
  if (Buffer.byteLength(socketPath) > MAX_SOCKET_PATH_BYTES) {
    log.warn(
      { socketPath },
      "DATA_DIR is too long a path for the control socket: create-staff, seed-demo and backup cannot reach this server (stop it to run them)",
    );
    return { close: async () => {} };
  }
  ownerOnlyFolder(path.dirname(socketPath));
  fs.rmSync(socketPath, { force: true });

  let queue: Promise<unknown> = Promise.resolve();
  const server = net.createServer((connection) => {
    connection.on("error", () => {});
    let received = "";
    connection.setEncoding("utf8");
    connection.on("data", (chunk: string) => {
      if (received.includes("\n")) return;
      received += chunk;
      if (received.length > MAX_REQUEST_BYTES) return connection.destroy();
      if (!received.includes("\n")) return;
      const send = (message: object) => {
        if (!connection.destroyed) connection.write(`${JSON.stringify(message)}\n`);
      };
      const parsed = parseRequest(received.slice(0, received.indexOf("\n")));
      if (!parsed) {
        send({ err: `The server understands only ${CONTROL_COMMANDS.join(", ")} requests.` });
        send({ exitCode: 2 });
        connection.end();
        return;
      }
      // One at a time: two seeds must not interleave their deletes and inserts.
      queue = queue.then(async () => {
        log.info({ command: parsed.command }, "command from the control socket");
        let exitCode = 1;
        try {
          exitCode = await handlers[parsed.command](parsed.argv, {
            out: (line) => send({ out: line }),
            err: (line) => send({ err: line }),
          });
        } catch (error) {
          send({ err: `${parsed.command}: ${(error as Error).message}` });
        }
        log.info({ command: parsed.command, exitCode }, "control socket command finished");
        send({ exitCode });
        connection.end();
      });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(socketPath, () => {
      server.off("error", reject);
      resolve();
    });
  });
  fs.chmodSync(socketPath, 0o600);

  return {
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await queue;
      fs.rmSync(socketPath, { force: true });
    },
  };
}

function parseRequest(line: string): ControlRequest | null {
  try {
    const result = requestSchema.safeParse(JSON.parse(line));
    return result.success ? result.data : null;
  } catch {
    return null;
  }
}

/** A folder only this user can enter, refusing one that is a link or belongs to someone else. */
function ownerOnlyFolder(folder: string): void {
  fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
  const stat = fs.lstatSync(folder);
  if (!stat.isDirectory()) throw new Error(`${folder} must be a folder, not a link or a file`);
  if (process.getuid && stat.uid !== process.getuid())
    throw new Error(`${folder} belongs to another user (uid ${stat.uid}); remove it`);
  fs.chmodSync(folder, 0o700);
}

/** The socket did not answer: no server listens there (it is still starting, or it never opens one). */
class ServerUnreachableError extends Error {}

/** Sends request to the server listening in dataDir and relays what it prints; resolves to the exit code. */
export function askServer(dataDir: string, request: ControlRequest, output: CommandOutput): Promise<number> {
  const socketPath = controlSocketPath(dataDir);
  return new Promise<number>((resolve, reject) => {
    let connected = false;
    let exitCode: number | null = null;
    let pending = "";
    const connection = net.connect(socketPath);
    connection.setEncoding("utf8");
    connection.on("connect", () => {
      connected = true;
      connection.write(`${JSON.stringify(request)}\n`);
    });
    connection.on("data", (chunk: string) => {
      pending += chunk;
      let newline: number;
      while ((newline = pending.indexOf("\n")) >= 0) {
        const message = JSON.parse(pending.slice(0, newline)) as { out?: string; err?: string; exitCode?: number };
        pending = pending.slice(newline + 1);
        if (message.out !== undefined) output.out(message.out);
        if (message.err !== undefined) output.err(message.err);
        if (message.exitCode !== undefined) exitCode = message.exitCode;
      }
    });
    connection.on("error", (error: NodeJS.ErrnoException) => {
      if (!connected) reject(new ServerUnreachableError(`${socketPath}: ${error.code ?? error.message}`));
    });
    connection.on("close", () => {
      if (exitCode !== null) resolve(exitCode);
      else if (connected) reject(new Error("the server closed the connection before the command finished"));
    });
  });
}

/**
 * For create-staff, seed-demo and backup when another process holds the embedded database: a server is
 * asked to run the command; anything else (a seed under way) means waiting. Resolves to the exit
 * code, having printed the command's own output or why it did not run.
 */
export async function runThroughHolder(
  inUse: DatabaseInUseError,
  request: ControlRequest,
  output: CommandOutput,
): Promise<number> {
  const name = request.command;
  if (inUse.holder?.kind !== "server") {
    output.err(`${name}: ${inUse.message} Wait until it has finished, then run this again.`);
    return 1;
  }
  try {
    return await askServer(inUse.dataDir, request, output);
  } catch (error) {
    output.err(
      error instanceof ServerUnreachableError
        ? `${name}: ${inUse.message} It did not answer on its control socket (${error.message}): wait until it is ready, or stop it, then run this again.`
        : `${name}: ${(error as Error).message}; it may have stopped. Check whether the work was done, then run this again.`,
    );
    return 1;
  }
}
