/**
 * Staff accounts the e2e server starts with. Nobody can become staff through the website, so
 * playwright.config.ts creates them with the create-staff command on the fresh DATA_DIR
 * before the server starts (PGlite lets one process at a time open the database).
 */
export const E2E_REVIEWER = {
  local: "0966000101",
  phoneNumber: "+260966000101",
  password: "Review@2026ok",
  role: "reviewer",
} as const;
export const E2E_ADMIN = {
  local: "0966000102",
  phoneNumber: "+260966000102",
  password: "Admin@2026ok",
  role: "admin",
} as const;
export const E2E_STAFF = [E2E_REVIEWER, E2E_ADMIN] as const;
