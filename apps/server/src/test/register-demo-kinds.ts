// Loaded first (node --import) by the server and worker processes the job tests start, so
// those processes also know the demonstration job.
import { addJobKinds } from "../jobs/job-kinds.ts";
import { demoFileJob } from "./demo-file-job.ts";

addJobKinds(demoFileJob);
