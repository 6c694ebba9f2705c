// `npm run worker`: works jobs beside the servers, on PostgreSQL only (see README.md and
// docs/operations.md). The work is in src/jobs/worker-process.ts.
import { runWorkerProcess } from "../src/cli/worker-process.ts";

process.exit(await runWorkerProcess());
