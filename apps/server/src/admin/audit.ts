/** Who acted and what they did: the audit log's entries are written and read by audit-store.ts. */
export {
  COMMAND_LINE_ACTOR,
  listAudit,
  recordAudit,
  type Actor,
  type AuditRecord,
  type Executor,
} from "./audit-store.ts";
