/**
 * `airlock-server` as a site owner runs it (issue 24 §1, §2): the bin in a child process, settings
 * from the environment and a file, on the embedded database in a data directory and on a real
 * PostgreSQL. It serves the config API, the auth service and the SIWX sessions service on one
 * origin and the secure frame on another. Killed with SIGKILL in the middle of a stream of
 * sign-ups and started again on the same data: every sign-up that was answered 200 is still there
 * (its session token still works, its user is the same), and the server takes new ones.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomUUID } from 'node:crypto'
import { startSmtpSink, type SmtpSink } from '../services/auth/smtpSink.mjs'
import { startPostgres, type TestPostgres } from '../tests/support/postgres.mjs'

const BIN = join(__dirname, 'bin.mjs')
const PROJECT = 'bin-test'
const PAGE = 'https://shop.example'

let sink: SmtpSink
let postgres: TestPostgres
const dirs: string[] = []
beforeAll(async () => {
  ;[sink, postgres] = await Promise.all([startSmtpSink(), startPostgres()])
}, 120_000)
afterAll(async () => {
  await sink?.stop()
  await postgres?.stop()
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
}, 60_000)

interface Running {
  child: ChildProcess
  url: string
  frameUrl: string
  output: () => string
}

/** Starts the bin with `env`; resolves once it prints where it listens. */
function start(env: Record<string, string>, cwd: string): Promise<Running> {
  const child = spawn(process.execPath, [BIN], { cwd, env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`airlock-server did not start:\n${output}`)), 90_000)
    const read = (chunk: Buffer) => {
      output += chunk.toString()
      const match = /listening on (http:\/\/\S+) .*the secure frame on (http:\/\/\S+)/.exec(output)
      if (match) {
        clearTimeout(timer)
        resolve({ child, url: match[1]!, frameUrl: match[2]!, output: () => output })
      }
    }
    child.stdout!.on('data', read)
    child.stderr!.on('data', read)
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`airlock-server exited with ${code}:\n${output}`))
    })
  })
}

const headers = { 'content-type': 'application/json', 'x-airlock-project': PROJECT, 'x-airlock-origin': PAGE }

/** One email sign-up through the server; its token and user id, or an error when the server went away. */
async function signUp(url: string, email: string): Promise<{ email: string; token: string; userId: string }> {
  const deviceId = `device-${randomUUID()}`
  const connect = await fetch(`${url}/v1/email/connect`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, deviceId }),
    signal: AbortSignal.timeout(30_000),
  })
  if (connect.status !== 200) throw new Error(`connect ${connect.status}`)
  const mail = await sink.waitForMail({ to: email, timeoutMs: 10_000 })
  const otp = /^(\d{6})$/m.exec(mail.text)![1]
  const answer = await fetch(`${url}/v1/email/otp`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, deviceId, otp }),
    signal: AbortSignal.timeout(30_000),
  })
  if (answer.status !== 200) throw new Error(`otp ${answer.status}`)
  const body = (await answer.json()) as { token: string; user: { id: string } }
  return { email, token: body.token, userId: body.user.id }
}

describe.each([
  ['the embedded database', async (dir: string) => ({ AIRLOCK_DATA_DIR: join(dir, 'data') })],
  ['PostgreSQL', async () => ({ DATABASE_URL: await postgres.createDatabase() })],
])('airlock-server on %s', (_name, database) => {
  it('serves the config API, auth, SIWX and the frame; SIGKILL in a stream of sign-ups loses none that was answered', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'airlock-bin-'))
    dirs.push(dir)
    writeFileSync(join(dir, 'airlock.config.json'), JSON.stringify({ projects: { [PROJECT]: { allowedOrigins: [PAGE] } }, siteOrigins: [PAGE] }))
    const env = { AIRLOCK_PORT: '0', SMTP_URL: `smtp://${sink.host}:${sink.port}`, ...(await database(dir)) }
    let server = await start(env, dir)
    try {
      const config = await fetch(`${server.url}/appkit/v1/config?projectId=${PROJECT}`)
      expect(((await config.json()) as { features: { id: string }[] }).features.map((f) => f.id)).toEqual(['email', 'social', 'swap', 'onramp', 'activity'])
      expect((await fetch(`${server.url}/appkit/v1/config?projectId=nobody`)).status).toBe(401)
      expect((await fetch(`${server.url}/v1/projects/${PROJECT}`)).status).toBe(200)
      const nonce = await fetch(`${server.url}/v1/nonce`, { method: 'POST', headers: { origin: PAGE } })
      expect((await nonce.json()) as { nonce: string }).toMatchObject({ nonce: expect.stringMatching(/^[A-Za-z0-9]{16}$/) })
      const frame = await fetch(`${server.frameUrl}/?projectId=${PROJECT}`)
      expect(frame.status).toBe(200)
      expect(frame.headers.get('content-security-policy')).toContain(`frame-ancestors ${PAGE}`)

      // A stream of sign-ups, one after another; SIGKILL once five were answered.
      const answered: { email: string; token: string; userId: string }[] = []
      let killed = false
      const worker = async (w: number) => {
        for (let i = 0; !killed; i++) {
          try {
            answered.push(await signUp(server.url, `w${w}-${i}-${randomUUID()}@example.com`))
          } catch {
            // The server went away mid-request: not answered, so not promised.
          }
          if (answered.length >= 5 && !killed) {
            killed = true
            server.child.kill('SIGKILL')
          }
        }
      }
      await worker(0)
      await new Promise((resolve) => server.child.once('exit', resolve).exitCode !== null && resolve(null))
      expect(answered.length).toBeGreaterThanOrEqual(5)

      server = await start(env, dir)
      for (const { email, token, userId } of answered) {
        const session = await fetch(`${server.url}/v1/session`, { headers: { ...headers, authorization: `Bearer ${token}` } })
        expect(session.status).toBe(200)
        expect(((await session.json()) as { user: { id: string; email: string } }).user).toMatchObject({ id: userId, email })
      }
      // And it goes on taking new ones.
      await signUp(server.url, `after-${randomUUID()}@example.com`).catch((error: unknown) => {
        throw new Error(`${String(error)}\n${server.output()}`)
      })
    } finally {
      server.child.kill('SIGTERM')
    }
  }, 180_000)
})
