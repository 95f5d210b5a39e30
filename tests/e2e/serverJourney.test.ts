/**
 * Issue 24's "done when", as a site owner and a visitor live it, on real parts: `airlock-server` (the
 * bin, a child process, no settings but its ports, SMTP and its chain; the embedded database in a
 * data directory) prints its console and a first-run secret; the owner signs in there with a wallet
 * (SIWX), claims the first run and creates a project; a site page (the demo's build) points at it;
 * a visitor signs in with email in Chromium (the code from a real SMTP sink) and reads their
 * recovery code in the secure frame; the server is killed (SIGKILL) and started again on the same
 * data directory; the visitor's second device approves itself by the emailed link and code, enters
 * the recovery code, and holds the same wallet.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { BrowserContext, Locator, Page } from 'playwright-core'
import { ensureBuilt } from '../../esbuild.config.mjs'
import { freePort, startAnvil, type Anvil } from '../../services/chain/anvil.mjs'
import { startSmtpSink, type SmtpSink } from '../../services/auth/smtpSink.mjs'
import { startStaticServer } from '../../services/static/server.mjs'
import { signInAt, wallets } from '../../server/console/consoleTestClient'
import { launchChromium } from './browser'
import { DWELL_MS, secureFrame } from './secureFrame'
import { idleMs } from '../support/until'

const BIN = join(__dirname, '..', '..', 'server', 'bin.mjs')
const EMAIL = 'visitor@example.com'
/** The auth service's e-mail cool-down per address (services/auth), and a second more. */
const COOL_DOWN_MS = 31_000

let anvil: Anvil
let smtp: SmtpSink
let site: Awaited<ReturnType<typeof startStaticServer>>
let dir: string
let child: ChildProcess | undefined
const contexts: BrowserContext[] = []
const problems: string[] = []
let port: number
let framePort: number

/** Starts the bin; resolves to what it printed once it listens. */
function startServer(): Promise<string> {
  const server = spawn(process.execPath, [BIN], {
    cwd: dir,
    env: {
      PATH: process.env.PATH ?? '',
      AIRLOCK_PORT: String(port),
      AIRLOCK_FRAME_PORT: String(framePort),
      AIRLOCK_DATA_DIR: join(dir, 'data'),
      SMTP_URL: `smtp://${smtp.host}:${smtp.port}`,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child = server
  return new Promise((resolve, reject) => {
    let output = ''
    const read = (chunk: Buffer) => {
      output += chunk.toString()
      if (/airlock-server: listening on /.test(output)) setTimeout(() => resolve(output), 200)
    }
    server.stdout!.on('data', read)
    server.stderr!.on('data', read)
    server.once('exit', (code) => reject(new Error(`airlock-server exited with ${code}:\n${output}`)))
  })
}

async function killServer(): Promise<void> {
  const server = child
  if (!server || server.exitCode !== null) return
  const exited = new Promise((resolve) => server.once('exit', resolve))
  server.kill('SIGKILL')
  await exited
}

beforeAll(async () => {
  await ensureBuilt()
  dir = mkdtempSync(join(tmpdir(), 'airlock-journey-'))
  anvil = await startAnvil({ chainId: 31337 })
  smtp = await startSmtpSink()
  port = await freePort()
  framePort = await freePort()
  // The server's one file setting here: the chain its secure frame signs on.
  writeFileSync(join(dir, 'airlock.config.json'), JSON.stringify({ chains: [{ chainId: 31337, rpcUrl: anvil.url, name: 'Local' }] }))
  const url = `http://127.0.0.1:${port}`
  site = await startStaticServer({
    root: 'demo',
    connect: [url, anvil.url].map((u) => new URL(u).origin),
    img: [url],
    frame: [`http://127.0.0.1:${framePort}`],
    json: {
      '/env.json': { configUrl: url, authUrl: url, frameUrl: `http://127.0.0.1:${framePort}`, chains: [{ chainId: 31337, rpcUrl: anvil.url, name: 'Local' }] },
    },
  })
}, idleMs(180_000))

afterAll(async () => {
  for (const context of contexts) await context.close()
  await killServer()
  await Promise.all([site?.close(), smtp?.stop(), anvil?.stop()])
  if (dir) rmSync(dir, { recursive: true, force: true })
}, idleMs(60_000))

async function newPage(): Promise<Page> {
  const context = await launchChromium()
  contexts.push(context)
  await context.route('**/*', (route) => (new URL(route.request().url()).hostname === '127.0.0.1' ? route.continue() : route.abort()))
  const page = await context.newPage()
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
  return page
}

const dialog = (page: Page) => page.getByRole('dialog')

async function clickInFrame(page: Page, control: Locator): Promise<void> {
  await control.hover()
  await page.waitForTimeout(DWELL_MS)
  await control.click()
}

it(
  'owner: console, first run, a project; visitor: email sign-in; kill -9 and restart; the second device recovers the same wallet',
  async () => {
    // The site owner starts the server and reads its first lines.
    const printed = await startServer()
    const line = /^airlock-server: console at (http:\/\/\S+)\/console; first run: sign in with your wallet there and enter the secret ([A-Za-z0-9_-]+)$/m.exec(
      printed,
    )
    expect(line, printed).not.toBeNull()
    const [, base, secret] = line as unknown as [string, string, string]
    expect((await fetch(`${base}/console`)).status).toBe(200)

    // At the console: signs in with a wallet, claims the first run, creates the site's project.
    const origin = new URL(base).origin
    const cookie = await signInAt(base, origin, wallets.admin)
    const headers = { cookie, origin, 'content-type': 'application/json' }
    expect((await fetch(`${base}/console/api/claim`, { method: 'POST', headers, body: JSON.stringify({ secret }) })).status).toBe(200)
    const created = await fetch(`${base}/console/api/projects`, { method: 'POST', headers, body: JSON.stringify({ name: 'The shop' }) })
    expect(created.status).toBe(201)
    const { id } = (await created.json()) as { id: string }
    const pageUrl = `${site.url}?projectId=${id}&namespaces=eip155`

    // The visitor signs in with email on the site's page, and reads the recovery code in the secure frame.
    const first = await newPage()
    await first.goto(pageUrl)
    await first.getByText('Airlock is running').waitFor()
    await first.getByRole('button', { name: 'Connect wallet', exact: true }).click()
    const since = Date.now()
    await dialog(first).getByRole('textbox', { name: 'Email' }).fill(EMAIL)
    await dialog(first).getByRole('button', { name: 'Continue', exact: true }).click()
    const mail = await smtp.waitForMail({ to: EMAIL, since: since - 1, timeoutMs: 30_000 })
    const mailedAt = Date.now()
    await dialog(first)
      .getByRole('textbox', { name: 'Code' })
      .fill(/^\s*(\d{6})\s*$/m.exec(mail.text)![1]!)
    await dialog(first).getByRole('button', { name: 'Confirm' }).click()
    await first.waitForFunction(() => window.airlock.getState().connectors.activeConnectorIds.eip155 === 'AUTH', undefined, { timeout: idleMs(30_000) })
    const address = await first.evaluate(() => window.airlock.getState().account.accounts.eip155.address)
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    await first.getByRole('button', { name: 'Connect wallet', exact: true }).click()
    await dialog(first).getByRole('button', { name: 'Wallet settings' }).click()
    await dialog(first).getByRole('button', { name: 'Recovery code' }).click()
    const shown = secureFrame(first).locator('[data-recovery-code]')
    await shown.waitFor({ timeout: idleMs(30_000) })
    const recoveryCode = (await shown.textContent())!.trim()
    expect(recoveryCode).toMatch(/^([0-9A-Z]{4}-){13}[0-9A-Z]{4}$/)

    // The server dies without a chance to flush anything, and starts again on the same data directory.
    await killServer()
    const again = await startServer()
    // An owner exists now: no first-run secret is printed again.
    expect(again).not.toMatch(/first run/)

    // The second device approves itself by the mailed link, then the code; it asks for them once the
    // e-mail cool-down since the first device's code is over.
    const second = await newPage()
    await second.goto(pageUrl)
    await second.getByText('Airlock is running').waitFor()
    await second.getByRole('button', { name: 'Connect wallet', exact: true }).click()
    await dialog(second).getByRole('textbox', { name: 'Email' }).fill(EMAIL)
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, mailedAt + COOL_DOWN_MS - Date.now())))
    const asked = Date.now()
    await dialog(second).getByRole('button', { name: 'Continue', exact: true }).click()
    await dialog(second)
      .getByRole('heading', { name: 'Approve this device' })
      .waitFor({ timeout: idleMs(30_000) })
    const link = /^\s*(https?:\/\/\S+)\s*$/m.exec((await smtp.waitForMail({ to: EMAIL, since: asked - 1, timeoutMs: 30_000 })).text)?.[1]
    expect(link).toBeDefined()
    expect((await fetch(link!)).status).toBe(200)
    const codeMail = await smtp
      .waitForMail({ to: EMAIL, since: asked - 1, timeoutMs: 30_000 })
      .then(async (m) => (/^\s*\d{6}\s*$/m.test(m.text) ? m : smtp.waitForMail({ to: EMAIL, after: m, timeoutMs: 30_000 })))
    await dialog(second)
      .getByRole('textbox', { name: 'Code' })
      .fill(/^\s*(\d{6})\s*$/m.exec(codeMail.text)![1]!)
    await dialog(second).getByRole('button', { name: 'Confirm' }).click()
    const input = secureFrame(second).getByRole('textbox', { name: 'Recovery code' })
    await input.waitFor({ timeout: idleMs(30_000) })
    await input.fill(recoveryCode)
    await clickInFrame(second, secureFrame(second).getByRole('button', { name: 'Recover' }))
    await second.waitForFunction(() => window.airlock.getState().account.accounts.eip155.address !== null, undefined, { timeout: idleMs(30_000) })
    expect(await second.evaluate(() => window.airlock.getState().account.accounts.eip155.address)).toBe(address)
    expect(problems).toEqual([])
  },
  idleMs(300_000),
)
