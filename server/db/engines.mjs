// The two engines behind one interface: node-postgres's pool and a PGlite instance.
import pg from 'pg'

const INT8_OID = 20

/** query and exec over anything with node-postgres's or PGlite's query(text, params) → { rows }. */
const queryable = (target, exec) => ({
  query: async (text, params = []) => (await target.query(text, params)).rows,
  exec: async (text) => void (await exec(target, text)),
})

/** node-postgres's pool as a Database. */
export function postgresDatabase(url, { max = 10 } = {}) {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    // bigint columns hold epoch milliseconds and counters: numbers, as PGlite gives them.
    types: { getTypeParser: (oid, format) => (oid === INT8_OID ? (value) => Number(value) : pg.types.getTypeParser(oid, format)) },
  })
  // An idle client's error (the server restarted) must not end the process; the next query reconnects.
  pool.on('error', () => undefined)
  const on = (client) => queryable(client, (c, text) => c.query(text))
  return {
    kind: 'postgres',
    ...on(pool),
    async transaction(fn) {
      const client = await pool.connect()
      try {
        await client.query('BEGIN')
        const result = await fn(on(client))
        await client.query('COMMIT')
        return result
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined)
        throw error
      } finally {
        client.release()
      }
    },
    close: () => pool.end(),
  }
}

/** A PGlite instance as a Database (one connection: its queries run one after another). */
export function pgliteDatabase(instance) {
  const on = (target) => queryable(target, (t, text) => t.exec(text))
  return {
    kind: 'pglite',
    ...on(instance),
    transaction: (fn) => instance.transaction((tx) => fn(on(tx))),
    close: () => instance.close(),
    /** The data directory as a tarball (a backup of the embedded database). */
    dump: () => instance.dumpDataDir('gzip'),
  }
}
