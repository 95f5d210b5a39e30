/**
 * `airlock-server` as a site owner runs it (issue 24 §1, §2): the bin in a child process, settings
 * from the environment and a file, on the embedded database in a data directory and on a real
 * PostgreSQL. It serves the config API, the auth service and the SIWX sessions service on one
 * origin and the secure frame on another. Killed with SIGKILL in the middle of a stream of writes
 * (email sign-ups, sign-ins with a wallet, nonces, side by side) and started again on the same
 * data: every write that was answered is there — a sign-up's token still works and names the same
 * user, a wallet sign-in's session is still read with its credential, an issued nonce still signs
 * in once (and only once) — and the server takes new ones.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomUUID } from 'node:crypto'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { formatSiwxMessage } from '../src/format/siwxMessage'
import { startSmtpSink, type SmtpSink } from '../services/auth/smtpSink.mjs'
import { startPostgres, type TestPostgres } from '../tests/support/postgres.mjs'
import { idleMs } from '../tests/support/until'

const BIN = join(__dirname, 'bin.mjs')
const PROJECT = 'bin-test'
const PAGE = 'https://shop.example'

let sink: SmtpSink
let postgres: TestPostgres
const dirs: string[] = []
beforeAll(async () => {
  ;[sink, postgres] = await Promise.all([startSmtpSink(), startPostgres()])
}, idleMs(120_000))
afterAll(async () => {
  await sink?.stop()
  await postgres?.stop()
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
}, idleMs(60_000))

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

/** A nonce from the server, for PAGE. */
async function nonceOf(url: string): Promise<string> {
  const answer = await fetch(`${url}/v1/nonce`, { method: 'POST', headers: { origin: PAGE }, signal: AbortSignal.timeout(30_000) })
  if (answer.status !== 200) throw new Error(`nonce ${answer.status}`)
  return ((await answer.json()) as { nonce: string }).nonce
}

/** A sign-in with a new wallet on PAGE with `nonce`: the session's id and the credential's Cookie header. */
async function walletSignIn(url: string, nonce: string): Promise<{ id: string; cookie: string }> {
  const account = privateKeyToAccount(generatePrivateKey())
  const now = Date.now()
  const message = formatSiwxMessage({
    domain: new URL(PAGE).host,
    uri: PAGE,
    accountAddress: account.address,
    chainId: 'eip155:1',
    version: '1',
    nonce,
    issuedAt: new Date(now - 1000).toISOString(),
    expirationTime: new Date(now + 3_600_000).toISOString(),
    statement: 'Sign in to the shop',
  })
  const answer = await fetch(`${url}/v1/sessions`, {
    method: 'POST',
    headers: { origin: PAGE, 'content-type': 'application/json' },
    body: JSON.stringify({ message, signature: await account.signMessage({ message }) }),
    signal: AbortSignal.timeout(30_000),
  })
  if (answer.status !== 201) throw new Error(`sign-in ${answer.status}`)
  return { id: ((await answer.json()) as { id: string }).id, cookie: answer.headers.getSetCookie()[0]!.split(';')[0]! }
}

describe.each([
  ['the embedded database', async (dir: string) => ({ AIRLOCK_DATA_DIR: join(dir, 'data') })],
  ['PostgreSQL', async () => ({ DATABASE_URL: await postgres.createDatabase() })],
])('airlock-server on %s', (_name, database) => {
  it(
    'serves the config API, auth, SIWX and the frame; SIGKILL amid sign-ups, wallet sign-ins and nonces loses none that was answered',
    async () => {
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

        // Writes side by side: two streams of email sign-ups, one of wallet sign-ins, one of nonces.
        // SIGKILL as soon as each kind has a few answers, with the others' requests in flight.
        const signUps: { email: string; token: string; userId: string }[] = []
        const sessions: { id: string; cookie: string }[] = []
        const nonces: string[] = []
        let killed = false
        const kill = () => {
          if (killed || signUps.length < 3 || sessions.length < 3 || nonces.length < 3) return
          killed = true
          server.child.kill('SIGKILL')
        }
        const stream = async <T>(into: T[], write: (i: number) => Promise<T>) => {
          for (let i = 0; !killed; i++) {
            try {
              into.push(await write(i))
            } catch {
              // The server went away mid-request: not answered, so not promised.
            }
            kill()
          }
        }
        const url = server.url
        await Promise.all([
          stream(signUps, (i) => signUp(url, `a-${i}-${randomUUID()}@example.com`)),
          stream(signUps, (i) => signUp(url, `b-${i}-${randomUUID()}@example.com`)),
          stream(sessions, async () => walletSignIn(url, await nonceOf(url))),
          stream(nonces, () => nonceOf(url)),
        ])
        // Exited already (a signal's exit leaves exitCode null: signalCode says it), or soon.
        const { child } = server
        if (child.exitCode === null && child.signalCode === null) await new Promise((resolve) => child.once('exit', resolve))

        server = await start(env, dir)
        for (const { email, token, userId } of signUps) {
          const session = await fetch(`${server.url}/v1/session`, { headers: { ...headers, authorization: `Bearer ${token}` } })
          expect(session.status).toBe(200)
          expect(((await session.json()) as { user: { id: string; email: string } }).user).toMatchObject({ id: userId, email })
        }
        for (const { id, cookie } of sessions) {
          const read = await fetch(`${server.url}/v1/sessions/${id}`, { headers: { origin: PAGE, cookie } })
          expect(read.status).toBe(200)
          expect(((await read.json()) as { id: string; revoked?: boolean }).id).toBe(id)
        }
        // An answered nonce was kept: it signs in once, and a second use is refused.
        expect((await walletSignIn(server.url, nonces[0]!)).id).toMatch(/^[0-9a-f-]{36}$/)
        await expect(walletSignIn(server.url, nonces[0]!)).rejects.toThrow('sign-in 401')
        // And it goes on taking new ones.
        await signUp(server.url, `after-${randomUUID()}@example.com`).catch((error: unknown) => {
          throw new Error(`${String(error)}\n${server.output()}`)
        })
      } finally {
        server.child.kill('SIGTERM')
      }
    },
    idleMs(180_000),
  )
})
