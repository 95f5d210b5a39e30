// Makes sure Debian's PostgreSQL server binaries are installed for the tests that run against a
// real PostgreSQL (server/db); CI starts without them. Resolves to the directory of initdb,
// pg_ctl and postgres.
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { aptInstall } from './aptInstall.mjs'

const BASE = '/usr/lib/postgresql'

/** The newest installed server's bin directory, or undefined. */
function installed() {
  if (!existsSync(BASE)) return undefined
  const versions = readdirSync(BASE)
    .filter((v) => /^\d+$/.test(v) && existsSync(join(BASE, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a))
  return versions[0] === undefined ? undefined : join(BASE, versions[0], 'bin')
}

/** Whether PostgreSQL's server is missing (the Debian package to install, for scripts/test.mjs). */
export const postgresMissing = () => (process.env.POSTGRES_BIN ?? installed()) === undefined

export function ensurePostgres() {
  const found = process.env.POSTGRES_BIN ?? installed()
  if (found) return found
  aptInstall(['postgresql'])
  const now = installed()
  if (!now) throw new Error(`PostgreSQL is still missing under ${BASE}`)
  return now
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(ensurePostgres())
