// `npm run create-staff -- --phone <number> --password <password> --role reviewer|admin`:
// the only way to become staff (see README.md). The work is in src/admin/create-staff.ts.
import { runCreateStaff } from "../src/cli/create-staff.ts";

process.exitCode = await runCreateStaff(process.argv.slice(2));
