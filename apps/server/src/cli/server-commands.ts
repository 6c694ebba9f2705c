import { runBackupIn } from "./backup.ts";
import { runCreateStaff } from "./create-staff.ts";
import type { App } from "../app.ts";
import { runSeedDemoIn } from "./seed-demo.ts";
import type { CommandHandler, ControlCommand } from "../ops/control-socket.ts";

/**
 * What the server does for `create-staff`, `seed-demo` and `backup` when they reach it through the control
 * socket: the commands' own code, on the server's database, storage and configuration.
 */
export function serverCommands(app: App): Record<ControlCommand, CommandHandler> {
  return {
    "create-staff": (argv, output) => runCreateStaff(argv, { database: app.services.database, ...output }),
    "seed-demo": (argv, output) => runSeedDemoIn(app, argv, output),
    backup: (argv, output) => runBackupIn(app, argv, output),
  };
}
