/**
 * Name registration (SPEC §4 "sign message, submit, then show the success view. On failure, return
 * to the registration view"; §2 RegisterAccountName, RegisterAccountNameSuccess; §5 the name rule;
 * §8 "Error registering name {name}"), in real Chromium under the demo's strict CSP, against the
 * demo stack of `npm start`: anvil with the demo name contract and the self-hosted Blockchain API,
 * which passes the name calls to airlock-server, which registers the name on chain from the
 * contract's admin (its used message then in the server's database).
 *
 * The Demo Wallet's account (anvil's first development account) is seeded as demo.airlock.eth; the
 * test clears that primary name first (the contract's admin may), so the account starts with no
 * name and Account offers "Register name". It then registers "visitor-<random>", which becomes its
 * primary name: read back with viem's getEnsAddress and getEnsName on anvil. The one shaped failure
 * is the registration request answering 500 (page.route), the only thing not real here.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import { mkdirSync } from 'node:fs'
import { createPublicClient, createWalletClient, http, parseAbi, type Address } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { DEMO_DEPLOYER } from '../../services/accountStack.mjs'
import { ensureBuilt } from '../../esbuild.config.mjs'
import { startDemoStack } from '../../services/demoStack.mjs'
import type { AccountServices } from '../../services/accountStack.mjs'
import { launchChromium } from './browser'
import { axeViolations } from './axe'
import { idleMs } from '../support/until'

let stack: Awaited<ReturnType<typeof startDemoStack>>
let account: AccountServices
let context: BrowserContext
let page: Page
const problems: string[] = []
const label = `visitor-${Date.now().toString(36)}`
const name = `${label}.airlock.eth`

const chain = () => createPublicClient({ transport: http(stack.chains[0]!.rpcUrl) })
const dialog = () => page.getByRole('dialog')
const isRegistration = (url: URL) => url.pathname === '/v1/profile/account'

beforeAll(async () => {
  await ensureBuilt()
  stack = await startDemoStack()
  if (!stack.account) throw new Error('the demo stack started without its account services')
  account = stack.account
  // The holder starts with no name: the admin clears its primary name.
  const admin = createWalletClient({ account: privateKeyToAccount(DEMO_DEPLOYER.privateKey), transport: http(stack.chains[0]!.rpcUrl) })
  const hash = await admin.writeContract({
    chain: null,
    address: account.contracts.names as Address,
    abi: parseAbi(['function setPrimaryNameFor(address account, string name)']),
    functionName: 'setPrimaryNameFor',
    args: [account.holder, ''],
  })
  await chain().waitForTransactionReceipt({ hash })
  expect(await chain().getEnsName({ address: account.holder, universalResolverAddress: account.contracts.names as Address })).toBeNull()
  mkdirSync('.cache', { recursive: true })

  context = await launchChromium()
  await context.route('**/*', (route) => (new URL(route.request().url()).hostname === '127.0.0.1' ? route.continue() : route.abort()))
  page = context.pages()[0] ?? (await context.newPage())
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|Refused to/.test(message.text())) problems.push(`csp: ${message.text()}`)
  })
  await page.goto(`${stack.url}?namespaces=eip155`)
  await page.getByText('Airlock is running').waitFor()
  // Connect the Demo Wallet, then open Account.
  await page.getByRole('button', { name: 'Connect wallet', exact: true }).click()
  await dialog().getByRole('button', { name: 'Demo Wallet' }).click()
  await page.waitForFunction(() => window.airlock.getState().connection.connectedNamespaces.includes('eip155'))
  await page.waitForFunction(() => !window.airlock.getState().router.open)
  await page.getByRole('button', { name: 'Connect wallet', exact: true }).click()
  await dialog().getByText('Account', { exact: true }).waitFor()
}, idleMs(120_000))

beforeEach(() => void problems.splice(0))

afterAll(async () => {
  await context?.close()
  await stack?.stop()
})

describe('Register name against the local Blockchain API and name contract', () => {
  it('the form checks the name as it is typed: too short (SPEC §5), taken with free suggestions, free', async () => {
    await dialog().getByRole('button', { name: 'Register name' }).click()
    const field = dialog().getByLabel('Name', { exact: true })
    await field.waitFor()
    await dialog().getByText('.airlock.eth', { exact: true }).waitFor()
    await field.fill('abc')
    await dialog().getByText('A name has at least 4 characters').waitFor()
    expect(await dialog().getByRole('button', { name: 'Register', exact: true }).isDisabled()).toBe(true)
    await field.fill('demo')
    await dialog()
      .getByText('demo.airlock.eth is taken')
      .waitFor({ timeout: idleMs(20_000) })
    const suggestions = dialog().getByRole('list', { name: 'Available names' })
    await suggestions.waitFor()
    expect(await suggestions.getByRole('button').count()).toBeGreaterThan(0)
    expect(await dialog().getByRole('button', { name: 'Register', exact: true }).isDisabled()).toBe(true)
    await page.screenshot({ path: '.cache/names-taken.png' })
    // A suggestion is taken by keyboard: it fills the field and is free.
    const first = suggestions.getByRole('button').first()
    const suggested = (await first.textContent())!
    await first.focus()
    await page.keyboard.press('Enter')
    await dialog()
      .getByText(`${suggested} is available`)
      .waitFor({ timeout: idleMs(20_000) })
    expect(await field.inputValue()).toBe(suggested.replace('.airlock.eth', ''))
    await field.fill(label)
    await dialog()
      .getByText(`${name} is available`)
      .waitFor({ timeout: idleMs(20_000) })
    expect(await axeViolations(page)).toEqual([])
    expect(problems).toEqual([])
  })

  it('a failed registration returns to the form with "Error registering name {name}" (SPEC §8), nothing registered', async () => {
    await page.route(isRegistration, (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"down"}', headers: { 'access-control-allow-origin': '*' } })
        : route.continue(),
    )
    try {
      await dialog().getByRole('button', { name: 'Register', exact: true }).click()
      await dialog()
        .getByRole('alert')
        .getByText(`Error registering name ${name}`)
        .waitFor({ timeout: idleMs(20_000) })
      expect(await dialog().getByLabel('Name', { exact: true }).inputValue()).toBe(label)
      expect(await page.evaluate(() => window.airlock.getState().router.history.at(-1)?.view)).toBe('RegisterAccountName')
      expect(await chain().getEnsAddress({ name, universalResolverAddress: account.contracts.names as Address })).toBeNull()
    } finally {
      await page.unroute(isRegistration)
    }
    expect(problems).toEqual([])
  })

  it('Register: the wallet signs, the name is registered, the success view, then Account shows the name; on chain it is the account’s primary name', async () => {
    await dialog().getByRole('button', { name: 'Register', exact: true }).click()
    await dialog()
      .getByText(`${name} is yours`)
      .waitFor({ timeout: idleMs(30_000) })
    expect(await axeViolations(page)).toEqual([])
    await page.screenshot({ path: '.cache/names-success.png' })
    await dialog().getByRole('button', { name: 'Back to account' }).click()
    await dialog().getByText('Account', { exact: true }).waitFor()
    // Identity reads the name again after the registration: Account shows it; the action is gone.
    await dialog()
      .getByText(name, { exact: true })
      .waitFor({ timeout: idleMs(20_000) })
    expect(await dialog().getByRole('button', { name: 'Register name' }).count()).toBe(0)
    const universalResolverAddress = account.contracts.names as Address
    expect(await chain().getEnsAddress({ name, universalResolverAddress })).toBe(account.holder)
    expect(await chain().getEnsName({ address: account.holder, universalResolverAddress })).toBe(name)
    // airlock-server registered it: the signed message is among its used ones, the POST counted by its rate limit.
    const used = await stack.airlock.db.query('SELECT message FROM name_registration_messages')
    expect(used.map((row) => String(row['message']).split('\n')[0])).toEqual([`Register ${name}`])
    expect(await stack.airlock.db.query("SELECT count FROM rate_limits WHERE key LIKE 'namesPerIp:%'")).toEqual([{ count: 1 }])
    await page.screenshot({ path: '.cache/names-account.png' })
    expect(problems).toEqual([])
  })
})
