// `npm run move-to-postgres`: see README.md and docs/operations.md. The work is in src/cli/move-to-postgres.ts.
import { runMoveToPostgres } from "../src/cli/move-to-postgres.ts";

process.exitCode = await runMoveToPostgres(process.argv.slice(2));
