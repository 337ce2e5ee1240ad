// Where PostgreSQL's time goes during a measured phase, from pg_stat_statements (enabled by infra/start.sh).
import pg from 'pg';

/**
 * Resets the statistics and returns a reader: called with the number of operations done, it gives the statements of
 * the run database by total execution time, as calls and milliseconds per operation.
 */
export async function statementMeter(adminUrl, databaseUrl, top = 12) {
  const database = decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query('SELECT pg_stat_statements_reset()');
  } catch (error) {
    await client.end();
    console.log(`(no statement statistics: ${error.message})`);
    return async () => undefined;
  }
  return async (operations) => {
    try {
      const { rows } = await client.query(
        `SELECT regexp_replace(s.query, '\\s+', ' ', 'g') AS query, s.calls, s.total_exec_time
           FROM pg_stat_statements s JOIN pg_database d ON d.oid = s.dbid
          WHERE d.datname = $1 ORDER BY s.total_exec_time DESC LIMIT $2`,
        [database, top],
      );
      const [{ total, calls }] = (
        await client.query(
          'SELECT coalesce(sum(s.total_exec_time), 0) AS total, coalesce(sum(s.calls), 0) AS calls FROM pg_stat_statements s JOIN pg_database d ON d.oid = s.dbid WHERE d.datname = $1',
          [database],
        )
      ).rows;
      return {
        msPerOperation: Math.round((Number(total) / operations) * 100) / 100,
        callsPerOperation: Math.round((Number(calls) / operations) * 10) / 10,
        statements: rows.map((row) => ({
          callsPerOperation: Math.round((Number(row.calls) / operations) * 100) / 100,
          msPerOperation: Math.round((Number(row.total_exec_time) / operations) * 1000) / 1000,
          query: row.query.slice(0, 160),
        })),
      };
    } finally {
      await client.end();
    }
  };
}
