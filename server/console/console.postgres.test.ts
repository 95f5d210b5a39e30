/**
 * The console on a real PostgreSQL (issue 24 §2, §3): `airlock-server` (the bin, a child process)
 * prints the console's URL and a first-run secret once; a wallet signed in at that console claims
 * it and becomes the admin; a restart with still no admin replaces the secret (the old one is
 * refused), one with an admin makes none; the main flow (create, switch swap off, the config API
 * answers it) survives a restart.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { join } from 'node:path'
import { startPostgres, type TestPostgres } from '../../tests/support/postgres.mjs'
import { openDatabase } from '../db/database.mjs'
import { caip10, signInAt, startConsoleTestServer, wallets } from './consoleTestClient'
import type { ConsoleProject } from './routes.d.mts'
import { idleMs } from '../../tests/support/until'

const BIN = join(__dirname, '..', 'bin.mjs')
let postgres: TestPostgres
beforeAll(async () => {
  postgres = await startPostgres()
}, idleMs(120_000))
afterAll(() => postgres?.stop(), idleMs(60_000))

describe('console on PostgreSQL', () => {
  it(
    'the bin prints the console and the first-run secret; the secret printed makes the admin',
    async () => {
      const url = await postgres.createDatabase()
      const child = spawn(process.execPath, [BIN], {
        env: { PATH: process.env.PATH ?? '', DATABASE_URL: url, AIRLOCK_PORT: '0', AIRLOCK_FRAME_PORT: '0' },
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      try {
        let output = ''
        const line = await new Promise<RegExpExecArray>((resolve, reject) => {
          const read = (chunk: Buffer) => {
            output += chunk.toString()
            const match =
              /^airlock-server: console at (http:\/\/\S+)\/console; first run: sign in with your wallet there and enter the secret ([A-Za-z0-9_-]+)$/m.exec(
                output,
              )
            if (match) resolve(match)
          }
          child.stdout.on('data', read)
          child.stderr.on('data', read)
          child.once('exit', (code) => reject(new Error(`airlock-server exited with ${code}:\n${output}`)))
        })
        const [, base, secret] = line as unknown as [string, string, string]
        // Printed once, on that line only.
        expect(output.split(secret).length - 1).toBe(1)
        const cookie = await signInAt(base, new URL(base).origin, wallets.admin)
        const claim = await fetch(`${base}/console/api/claim`, {
          method: 'POST',
          headers: { origin: new URL(base).origin, cookie, 'content-type': 'application/json' },
          body: JSON.stringify({ secret }),
        })
        expect([claim.status, await claim.json()]).toEqual([200, { admin: true }])
      } finally {
        const exited = new Promise((resolve) => (child.exitCode !== null ? resolve(undefined) : child.once('exit', resolve)))
        child.kill('SIGTERM')
        await exited
      }
    },
    idleMs(120_000),
  )

  it(
    'a restart with no admin replaces the secret; the main flow survives a restart; one with an admin makes no secret',
    async () => {
      const db = await openDatabase({ url: await postgres.createDatabase() })
      try {
        const first = await startConsoleTestServer(db)
        const old = first.server.firstRun!.secret
        await first.server.stop()

        const t = await startConsoleTestServer(db)
        const secret = t.server.firstRun!.secret
        expect(secret).not.toBe(old)
        const digests = await db.query<{ digest: Uint8Array }>('SELECT digest FROM console_first_run')
        expect(digests.map((r) => Buffer.from(r.digest).toString('hex'))).toEqual([createHash('sha256').update(secret).digest('hex')])
        const cookie = await t.signIn(wallets.admin)
        expect((await t.api('POST', '/claim', { cookie, body: { secret: old } })).status).toBe(403)
        expect((await t.api('POST', '/claim', { cookie, body: { secret } })).json).toEqual({ admin: true })
        const project = (await t.api('POST', '/projects', { cookie, body: { name: 'On PostgreSQL' } })).json as ConsoleProject
        expect(project.owners).toEqual([caip10(wallets.admin)])
        const patched = await t.api('PATCH', `/projects/${project.id}`, {
          cookie,
          body: { features: [{ id: 'swap', isEnabled: false }], allowedOrigins: ['https://pg.example'] },
        })
        expect(patched.status).toBe(200)
        await t.server.stop()

        // Again at the same address (a console's sign-in is for its host: server/console/guard.mjs).
        const again = await startConsoleTestServer(db, { port: Number(new URL(t.server.url).port) })
        try {
          expect(again.server.firstRun).toBeUndefined()
          expect(await db.query('SELECT * FROM console_first_run')).toEqual([])
          const features = (await again.get(`/appkit/v1/config?projectId=${project.id}`)).json.features as { id: string; isEnabled: boolean }[]
          expect(features.find((f) => f.id === 'swap')?.isEnabled).toBe(false)
          expect((await again.get(`/projects/v1/origins?projectId=${project.id}`)).json).toEqual({ allowedOrigins: ['https://pg.example'] })
          // The credential is in the database too: the same cookie still signs in after the restart.
          const read = await again.api('GET', `/projects/${project.id}`, { cookie })
          expect([read.status, read.json.name]).toEqual([200, 'On PostgreSQL'])
        } finally {
          await again.server.stop()
        }
      } finally {
        await db.close()
      }
    },
    idleMs(120_000),
  )
})
