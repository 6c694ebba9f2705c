// `npm run restore`: see README.md and docs/operations.md. The work is in src/cli/restore.ts.
import { runRestore } from "../src/cli/restore.ts";

process.exitCode = await runRestore(process.argv.slice(2));
