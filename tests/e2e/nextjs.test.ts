/**
 * Issue 25 §3: the Next.js App Router example (examples/nextjs) from the packed package. Its own
 * `next build` (kept between runs while its inputs are the same: tests/e2e/nextApp.ts) and
 * `next start` on 127.0.0.1; the page is a server component rendering `airlock/react`'s buttons,
 * the instance is created once in a 'use client' providers file. Checked: the server's HTML holds
 * the buttons; in Chromium the page hydrates with no mismatch (no console error or warning, no
 * page error), connects an EIP-6963 wallet (wallet-mock) through the modal on anvil, and after a
 * reload the connection is restored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { BrowserContext, Page } from 'playwright-core'
import { DEV_ACCOUNT, freePort, startAnvil, type Anvil } from '../../services/chain/anvil.mjs'
import { childEnv, printed, root, run, stageAndPack } from '../package/stage'
import { installSite, installedCopies, lockedVersion } from '../support/consumerSite'
import { installAnvilMockWallet } from '../support/anvilMockWallet'
import { launchLoopbackChromium } from '../support/loopbackChromium'
import { strictPolicyProblems } from './csp'
import { recordProblems } from '../support/pageProblems'
import { clearStamp, readStamp, writeNextApp, writeStamp } from './nextApp'
import { idleMs } from '../support/until'

const example = join(root, 'examples', 'nextjs')
const app = join(root, '.cache', 'nextjs-app')
const next = join(app, 'node_modules', '.bin', 'next')

let stage = ''
let anvil: Anvil | undefined
let server: ChildProcess | undefined
let serverOutput = ''
let url = ''
let context: BrowserContext | undefined
const problems: string[] = []

/** Whether nothing listens on `port` of 127.0.0.1 now. */
function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer()
    probe.once('error', () => resolve(false))
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)))
  })
}

/** anvil on `port` when it is free (so the kept build, which inlined its URL, still fits), else on any. */
async function startAnvilOn(port: number | undefined): Promise<Anvil> {
  if (port !== undefined && (await isFree(port))) {
    try {
      return await startAnvil({ port })
    } catch {
      // Taken meanwhile: any other port, and a new build.
    }
  }
  return startAnvil()
}

/**
 * `next start` on a free port of 127.0.0.1; resolves once it answers. The port is picked before next
 * binds it, so another process may take it meanwhile: then another port, a few times.
 */
async function startNext(): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startNextOn(await freePort())
    } catch (error) {
      if (attempt >= 5 || !/EADDRINUSE/.test(String(error))) throw error
      serverOutput = ''
    }
  }
}

async function startNextOn(port: number): Promise<void> {
  server = spawn(next, ['start', '-p', String(port), '-H', '127.0.0.1'], {
    cwd: app,
    env: { ...childEnv(), NEXT_TELEMETRY_DISABLED: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  server.stdout?.on('data', (chunk) => (serverOutput += chunk))
  server.stderr?.on('data', (chunk) => (serverOutput += chunk))
  url = `http://127.0.0.1:${port}/`
  const deadline = Date.now() + 60_000
  for (;;) {
    if (server.exitCode !== null) throw new Error(`next start exited with ${server.exitCode}:\n${serverOutput}`)
    if (
      (await fetch(url).then(
        (r) => r.status,
        () => 0,
      )) === 200
    )
      return
    if (Date.now() > deadline) throw new Error(`next start did not answer within 60 s:\n${serverOutput}`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

beforeAll(async () => {
  stage = mkdtempSync(join(tmpdir(), 'airlock-nextjs-pack-'))
  const { tarball } = await stageAndPack(stage)
  const kept = readStamp(app)
  anvil = await startAnvilOn(kept?.rpcPort)
  const key = installSite(app, () => writeNextApp(example, app, tarball, anvil!.url))
  if (readStamp(app)?.key !== key) {
    clearStamp(app)
    const env = { NEXT_TELEMETRY_DISABLED: '1', NEXT_PUBLIC_RPC_URL: anvil.url, NEXT_PUBLIC_CHAIN_ID: String(anvil.chainId) }
    const built = run('env', [...Object.entries(env).map(([name, value]) => `${name}=${value}`), next, 'build'], app, 400_000)
    if (built.status !== 0) throw new Error(`next build failed:\n${printed(built)}`)
    writeStamp(app, { key, rpcPort: anvil.port })
  }
  await startNext()
}, idleMs(600_000))

afterAll(async () => {
  await context?.close()
  if (server?.exitCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve))
    server.kill('SIGTERM')
    await exited
  }
  await anvil?.stop()
  if (stage) rmSync(stage, { recursive: true, force: true })
}, idleMs(60_000))

/** Once React has hydrated the page: its handlers are attached to the server's button. */
async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const button = document.querySelector('nav button')
    return button !== null && Object.keys(button).some((key) => key.startsWith('__reactProps$'))
  })
}

describe('the Next.js example from the packed package', () => {
  it("pins next, react and react-dom at our lockfile's versions, and installs one copy of React", () => {
    const manifest = JSON.parse(readFileSync(join(example, 'package.json'), 'utf8')) as Record<string, Record<string, string>>
    for (const [name, version] of Object.entries({ ...manifest.dependencies, ...manifest.devDependencies })) {
      if (name !== 'airlock') expect(version, name).toBe(lockedVersion(name))
    }
    expect(installedCopies(app, 'react')).toEqual(['node_modules/react'])
    expect(installedCopies(app, 'react-dom')).toEqual(['node_modules/react-dom'])
    // The client boundary that lets a server component render the buttons.
    expect(readFileSync(join(app, 'node_modules', 'airlock', 'dist', 'lib', 'react.js'), 'utf8')).toMatch(/^'use client';/)
  })

  it('serves each page under a strict Content-Security-Policy with a fresh nonce, which every script of the page carries', async () => {
    const [first, second] = await Promise.all([fetch(url), fetch(url)])
    const policies = [first!.headers.get('content-security-policy') ?? '', second!.headers.get('content-security-policy') ?? '']
    for (const policy of policies) expect(strictPolicyProblems(policy, { frames: [] })).toEqual([])
    const nonces = policies.map((policy) => /'nonce-([^']+)'/.exec(policy)?.[1])
    expect(nonces[0]).toBeTruthy()
    expect(nonces[0]).not.toBe(nonces[1])
    expect(policies[0]).toContain(`connect-src 'self' ${new URL(anvil!.url).origin} `)
    const scripts = [...(await first!.text()).matchAll(/<script\b[^>]*>/g)].map(([tag]) => tag)
    expect(scripts.length).toBeGreaterThan(0)
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonces[0]}"`)
  })

  it("renders Airlock's buttons into the server's HTML", async () => {
    const html = await (await fetch(url)).text()
    expect(html).toContain('class="airlock-button airlock-connect-button"')
    expect(html).toContain('>Connect wallet<')
    expect(html).toContain('Local chain')
    expect(html).toMatch(/data-testid="status">disconnected</)
  })

  it(
    'hydrates without a mismatch, connects an EIP-6963 wallet through the modal, and is still connected after a reload',
    async () => {
      context = await launchLoopbackChromium({ viewport: { width: 1000, height: 700 } })
      const page = context.pages()[0] ?? (await context.newPage())
      recordProblems(page, problems, ['error', 'warning'])
      await installAnvilMockWallet(page, anvil!)

      await page.goto(url)
      await hydrated(page)
      await page.getByRole('button', { name: 'Connect wallet' }).click()
      await page.getByRole('dialog').getByRole('button', { name: 'Mock Wallet' }).click()
      await page
        .getByTestId('address')
        .getByText(DEV_ACCOUNT.address, { exact: true })
        .waitFor({ timeout: idleMs(30_000) })
      const short = new RegExp(`${DEV_ACCOUNT.address.slice(0, 6)}…${DEV_ACCOUNT.address.slice(-4)}`)
      await page.getByRole('navigation').getByRole('button', { name: short }).waitFor()

      // The reload: the server renders "Connect wallet" (it knows no visitor); the browser restores
      // the connection from storage after hydrating against that HTML, without a mismatch.
      const response = await page.reload()
      expect(await response?.text()).toContain('>Connect wallet<')
      await hydrated(page)
      await page
        .getByTestId('address')
        .getByText(DEV_ACCOUNT.address, { exact: true })
        .waitFor({ timeout: idleMs(30_000) })
      await page.getByRole('navigation').getByRole('button', { name: short }).waitFor()
      expect(await page.getByTestId('status').textContent()).toBe('connected')
      mkdirSync(join(root, 'test-results'), { recursive: true })
      await page.screenshot({ path: join(root, 'test-results', 'nextjs-restored.png') })
      expect(problems).toEqual([])
      // The server rendered without an error (no `window` touched, nothing thrown).
      expect(serverOutput).not.toMatch(/error|window is not defined/i)
    },
    idleMs(120_000),
  )
})
