// `npm run backup`: see README.md and docs/operations.md. The work is in src/cli/backup.ts.
import { runBackup } from "../src/cli/backup.ts";

process.exitCode = await runBackup(process.argv.slice(2));
