/**
 * The few statements we run ourselves on pg-boss's tables (pg-boss 10's schema: its `job` and
 * `archive` tables and their columns name, id, state, singleton_key, retry_count, started_on,
 * expire_in, output, created_on). pg-boss 10 has no lease renewal, no progress and no lookup by
 * singleton key; these fill the gap. The tests in this folder run every one of them on PGlite
 * and PostgreSQL, so a pg-boss upgrade that changes those columns fails them.
 */

/** pg-boss's schema in our database, beside our own tables in `public`. */
export const BOSS_SCHEMA = "pgboss";

/**
 * Keeps one attempt's claim on its job for another lease, from now: pg-boss's maintenance fails
 * an active job (so it runs again) once started_on + expire_in is past. Also records progress
 * when $5 is given. The attempt is identified by retry_count, which pg-boss raises each time the
 * job is fetched again: no row back means the job is no longer this attempt's (its lease ran out
 * and it was failed, or another worker holds it now).
 */
export const RENEW_LEASE = `
  UPDATE ${BOSS_SCHEMA}.job
  SET expire_in = (now() - started_on) + make_interval(secs => $4::float8),
      output = CASE WHEN $5::float8 IS NULL THEN output ELSE jsonb_build_object('progress', $5::float8) END
  WHERE name = $1 AND id = $2::uuid AND state = 'active' AND retry_count = $3::int
  RETURNING id`;

/** The job of a kind with this key that is waiting, waiting to be retried, or running. */
export const UNFINISHED_BY_KEY = `
  SELECT id FROM ${BOSS_SCHEMA}.job
  WHERE name = $1 AND singleton_key = $2 AND state < 'completed'
  ORDER BY created_on
  LIMIT 1`;

const STATUS_COLUMNS = `id, state::text AS state, output, retry_count, started_on, created_on`;

/** The newest job of a kind with this key, finished ones included (pg-boss archives them after 12 hours). */
export const LATEST_BY_KEY = `
  SELECT * FROM (
    SELECT ${STATUS_COLUMNS} FROM ${BOSS_SCHEMA}.job WHERE name = $1 AND singleton_key = $2
    UNION ALL
    SELECT ${STATUS_COLUMNS} FROM ${BOSS_SCHEMA}.archive WHERE name = $1 AND singleton_key = $2
  ) jobs
  ORDER BY created_on DESC
  LIMIT 1`;

/** One job by id, finished ones included. */
export const BY_ID = `
  SELECT * FROM (
    SELECT ${STATUS_COLUMNS} FROM ${BOSS_SCHEMA}.job WHERE name = $1 AND id = $2::uuid
    UNION ALL
    SELECT ${STATUS_COLUMNS} FROM ${BOSS_SCHEMA}.archive WHERE name = $1 AND id = $2::uuid
  ) jobs
  LIMIT 1`;

/** Jobs marked as running: on PGlite, at start, those were left by a server process that died. */
export const ACTIVE_JOBS = `SELECT name, id FROM ${BOSS_SCHEMA}.job WHERE state = 'active'`;
