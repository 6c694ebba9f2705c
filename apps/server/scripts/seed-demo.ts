// `npm run seed-demo`: fills the local database with demo players (see README.md). Refuses to run
// when NODE_ENV=production. The work is in src/talent/seed-demo.ts.
import { runSeedDemo } from "../src/cli/seed-demo.ts";

process.exitCode = await runSeedDemo(process.argv.slice(2));
