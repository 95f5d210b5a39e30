// A throwaway PostgreSQL server for a test: initdb into a temporary directory, started on a free
// loopback port with trust authentication (nothing else can reach it), stopped and deleted by
// stop(). PostgreSQL refuses to run as root: as root, it runs as the `postgres` user the Debian
// package made.
import { execFileSync, spawn } from 'node:child_process'
import { chmodSync, chownSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { ensurePostgres } from '../../scripts/ensure-postgres.mjs'

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })

function asOwner() {
  if (process.getuid?.() !== 0) return { run: (cmd, args) => [cmd, args], chown: () => undefined }
  const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim())
  const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim())
  return { run: (cmd, args) => ['runuser', ['-u', 'postgres', '--', cmd, ...args]], chown: (path) => chownSync(path, uid, gid) }
}

/** Starts a server; resolves to `{ url(database?), createDatabase(name), stop() }`. */
export async function startPostgres() {
  const bin = ensurePostgres()
  const owner = asOwner()
  const dir = mkdtempSync(join(tmpdir(), 'airlock-pg-'))
  chmodSync(dir, 0o700)
  owner.chown(dir)
  const data = join(dir, 'data')
  const exec = (cmd, args) => {
    const [c, a] = owner.run(join(bin, cmd), args)
    return execFileSync(c, a, { stdio: 'pipe' })
  }
  exec('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C'])
  // The port is picked before PostgreSQL binds it, so another process may take it meanwhile: then
  // another port, a few times.
  const startOn = async (port) => {
    const [c, a] = owner.run(join(bin, 'postgres'), [
      '-D',
      data,
      '-p',
      String(port),
      '-k',
      dir,
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'fsync=off',
      '-c',
      'max_connections=100',
    ])
    const child = spawn(c, a, { stdio: ['ignore', 'ignore', 'pipe'] })
    let log = ''
    child.stderr.on('data', (chunk) => (log = (log + chunk).slice(-4000)))
    const url = (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`
    // Ready when it answers a query (its log says so before it accepts connections everywhere).
    const deadline = Date.now() + 60_000
    for (;;) {
      if (child.exitCode !== null) throw new Error(`PostgreSQL exited: ${log}`)
      const client = new pg.Client({ connectionString: url() })
      try {
        await client.connect()
        await client.query('SELECT 1')
        await client.end()
        return { port, child }
      } catch {
        await client.end().catch(() => undefined)
        if (Date.now() > deadline) throw new Error(`PostgreSQL did not start: ${log}`)
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
    }
  }
  let port, child
  for (let attempt = 1; ; attempt++) {
    try {
      ;({ port, child } = await startOn(await freePort()))
      break
    } catch (error) {
      if (attempt >= 5 || !/already in use|could not bind/i.test(String(error?.message))) throw error
    }
  }
  const url = (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`
  let n = 0
  return {
    port,
    url,
    /** A new empty database on this server; its URL. */
    async createDatabase(name = `airlock_${process.pid}_${++n}`) {
      const client = new pg.Client({ connectionString: url() })
      await client.connect()
      await client.query(`CREATE DATABASE ${name}`)
      await client.end()
      return url(name)
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve))
        // pg_ctl, as the server's own user (a signal to `runuser` would not reach it): fast shutdown.
        try {
          exec('pg_ctl', ['stop', '-D', data, '-m', 'fast', '-w', '-t', '20'])
        } catch {
          child.kill('SIGKILL')
        }
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))])
      }
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
