/**
 * Real EVM connections in real Chromium, against the demo served with its services (two anvil
 * chains and the config service), under the demo's strict CSP:
 * - a wallet we did not write (@johanneskares/wallet-mock, backed by anvil) connects, shows its
 *   address and real balance, switches networks, and disconnects;
 * - the demo's own EIP-6963 wallet, which knows only the first chain, takes the 4902-then-add
 *   path, reconnects after a reload, and moves to a chain the site did not configure;
 * - a keyboard-only connect;
 * - a wallet that refuses: declined, then a retry that connects;
 * - hostile announcements leave the modal safe and usable.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import { mkdirSync } from 'node:fs'
import { http, numberToHex, type Chain } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { installMockWallet } from '@johanneskares/wallet-mock'
import { ensureBuilt } from '../../esbuild.config.mjs'
import { startDemoStack } from '../../services/demoStack.mjs'
import { startAnvil, DEV_ACCOUNT, type Anvil } from '../../services/chain/anvil.mjs'
import { launchChromium } from './browser'
import { axeViolations } from './axe'
import { idleMs } from '../support/until'

let stack: Awaited<ReturnType<typeof startDemoStack>>
let stray: Anvil
const contexts: BrowserContext[] = []
const problems: string[] = []

/** anvil's second development account: the wallet-mock signs with it. */
const MOCK_KEY = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d'
const MOCK_ADDRESS = privateKeyToAccount(MOCK_KEY).address

async function newContext(): Promise<BrowserContext> {
  const context = await launchChromium()
  contexts.push(context)
  await context.route('**/*', (route) => (new URL(route.request().url()).hostname === '127.0.0.1' ? route.continue() : route.abort()))
  return context
}

async function openDemo(context: BrowserContext, given?: Page): Promise<Page> {
  const page = given ?? context.pages()[0] ?? (await context.newPage())
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
  page.on('dialog', (dialog) => {
    problems.push(`a dialog opened: ${dialog.message()}`)
    void dialog.dismiss()
  })
  // An EVM-only site: the Demo Wallet is one EVM wallet here (tests/e2e/namespaces.test.ts has it
  // in all three namespaces).
  await page.goto(`${stack.url}?namespaces=eip155`)
  await page.getByText('Airlock is running').waitFor()
  return page
}

const accountLine = (page: Page) => page.locator('#account')
const dialog = (page: Page) => page.getByRole('dialog')
const view = (page: Page) => dialog(page).getAttribute('data-view')

async function connectWith(page: Page, walletName: string): Promise<void> {
  await page.getByRole('button', { name: 'Connect wallet', exact: true }).click()
  await dialog(page).getByRole('button', { name: walletName }).click()
  await accountLine(page).getByText('Connected:').waitFor()
}

function localChain(id: number, name: string, url: string): Chain {
  return { id, name, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [url] } } }
}

beforeAll(async () => {
  await ensureBuilt()
  stack = await startDemoStack({ accountServices: false })
  stray = await startAnvil({ chainId: 31339 })
  mkdirSync('test-results', { recursive: true })
}, idleMs(120_000))

afterAll(async () => {
  for (const context of contexts) await context.close()
  await stray?.stop()
  await stack?.stop()
})

describe('a wallet we did not write (wallet-mock over anvil)', () => {
  it(
    'connects, shows the address and the real balance, switches network, and disconnects',
    async () => {
      const context = await newContext()
      const page = context.pages()[0] ?? (await context.newPage())
      const [a, b] = stack.chains
      await installMockWallet({
        page: page as never,
        account: privateKeyToAccount(MOCK_KEY),
        defaultChain: localChain(a!.chainId, a!.name, a!.rpcUrl),
        transports: { [a!.chainId]: http(a!.rpcUrl), [b!.chainId]: http(b!.rpcUrl) },
      })
      await openDemo(context, page)
      await connectWith(page, 'Mock Wallet')
      // The balance is read from the chain: anvil funds each development account with 10,000 ETH.
      await accountLine(page).getByText(`Connected: ${MOCK_ADDRESS} · 10000 ETH`).waitFor()
      expect(await page.evaluate(() => window.airlock.getState().networks.activeCaipNetworkId)).toBe('eip155:31337')

      // The Account view: address, balance formatted, network button.
      await page.getByRole('button', { name: 'Connect wallet', exact: true }).click()
      expect(await view(page)).toBe('Account')
      await dialog(page)
        .getByText(`${MOCK_ADDRESS.slice(0, 6)}…${MOCK_ADDRESS.slice(-4)}`)
        .waitFor()
      await dialog(page).getByText('10,000.00 ETH').waitFor()
      expect(await axeViolations(page)).toEqual([])
      await page.screenshot({ path: 'test-results/account-light.png' })
      await page.evaluate(() => window.airlock.setThemeMode('dark'))
      await page.screenshot({ path: 'test-results/account-dark.png' })
      expect(await axeViolations(page)).toEqual([])
      await page.evaluate(() => window.airlock.setThemeMode('light'))

      // Switch to the second chain through the wallet.
      await dialog(page)
        .getByRole('button', { name: /Network: Airlock Local A/ })
        .click()
      expect(await view(page)).toBe('SwitchNetwork')
      expect(await axeViolations(page)).toEqual([])
      await dialog(page)
        .getByRole('button', { name: /Airlock Local B/ })
        .click()
      await accountLine(page).getByText('(eip155:1337)').waitFor()
      await page.waitForFunction(() => window.airlock.getState().router.history.at(-1)?.view === 'Account')

      // Disconnect.
      await dialog(page).getByRole('button', { name: 'Disconnect' }).click()
      await accountLine(page).getByText('Not connected').waitFor()
      const events = await page.locator('#events').textContent()
      expect(events).toContain('CONNECT_SUCCESS')
      expect(events).toContain('SWITCH_NETWORK {"network":"eip155:1337"}')
      expect(events).toContain('DISCONNECT_SUCCESS')
    },
    idleMs(60_000),
  )
})

describe('the Demo Wallet (EIP-6963, anvil development key)', () => {
  it(
    'adds a chain it does not know (4902), reconnects after a reload, and lands on UnsupportedChain on a chain the site did not configure',
    async () => {
      const context = await newContext()
      const page = await openDemo(context)
      await connectWith(page, 'Demo Wallet')
      await accountLine(page).getByText(`Connected: ${DEV_ACCOUNT.address}`).waitFor()

      // 4902 then add: the wallet knows only the first chain.
      const requests: string[] = []
      await page.exposeFunction('recordRequest', (method: string) => requests.push(method))
      await page.evaluate(() => {
        const provider = window.airlock.getProvider()!
        const original = provider.request.bind(provider)
        provider.request = async (args) => {
          ;(window as unknown as { recordRequest(m: string): void }).recordRequest(args.method)
          return original(args)
        }
      })
      await page.evaluate(() => window.airlock.switchNetwork('eip155:1337'))
      await accountLine(page).getByText('(eip155:1337)').waitFor()
      expect(requests.filter((m) => m.startsWith('wallet_'))).toEqual(['wallet_switchEthereumChain', 'wallet_addEthereumChain', 'wallet_switchEthereumChain'])

      // Reload: the same wallet reconnects from storage, without a prompt.
      await page.reload()
      await page.getByText('Airlock is running').waitFor()
      await accountLine(page).getByText(`Connected: ${DEV_ACCOUNT.address}`).waitFor()
      expect(await page.evaluate(() => window.airlock.getState().connectors.activeConnectorIds.eip155)).toBe('dev.airlock.demo-wallet')

      // The wallet moves to a chain the site did not configure: UnsupportedChain opens by itself.
      await page.evaluate(
        async ({ url, chainId }) => {
          const provider = window.airlock.getProvider()!
          await provider.request({
            method: 'wallet_addEthereumChain',
            params: [{ chainId, chainName: 'Stray', rpcUrls: [url], nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } }],
          })
          await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId }] })
        },
        { url: stray.url, chainId: numberToHex(31339) },
      )
      await page.waitForFunction(() => window.airlock.getState().router.history.at(-1)?.view === 'UnsupportedChain')
      // The modal's code loads on this first open after the reload; its dialog then shows the view.
      await page.locator('airlock-modal [role=dialog][data-view=UnsupportedChain]').waitFor()
      await page.screenshot({ path: 'test-results/unsupported-chain-light.png' })
      // Picking a supported network switches the wallet back and closes the modal (SPEC §4).
      await dialog(page)
        .getByRole('button', { name: /Airlock Local A/ })
        .click()
      await accountLine(page).getByText('(eip155:31337)').waitFor()
      await page.waitForFunction(() => !window.airlock.getState().router.open)
    },
    idleMs(60_000),
  )

  it(
    'the analytics stream of a connection is MODAL_OPEN, SELECT_WALLET, CONNECT_SUCCESS, MODAL_CLOSE { connected: true } (issue 11 §4)',
    async () => {
      const context = await newContext()
      const page = await openDemo(context)
      await page.evaluate(() => {
        const seen: { type: string; payload: unknown }[] = []
        ;(window as unknown as { analytics: typeof seen }).analytics = seen
        window.airlock.subscribeEvents((event) => seen.push({ type: event.type, payload: event.payload }))
      })
      await connectWith(page, 'Demo Wallet')
      await page.waitForFunction(() => !window.airlock.getState().router.open)
      const analytics = await page.evaluate(() => (window as unknown as { analytics: { type: string; payload: unknown }[] }).analytics)
      expect(analytics.map((event) => event.type)).toEqual(['MODAL_OPEN', 'SELECT_WALLET', 'CONNECT_SUCCESS', 'MODAL_CLOSE'])
      expect(analytics[0]?.payload).toEqual({ connected: false })
      expect(analytics[2]?.payload).toMatchObject({ connectorId: 'dev.airlock.demo-wallet', caipAddress: `eip155:31337:${DEV_ACCOUNT.address}` })
      expect(analytics[3]?.payload).toEqual({ connected: true })
    },
    idleMs(60_000),
  )

  it(
    'connects by keyboard alone',
    async () => {
      const context = await newContext()
      const page = await openDemo(context)
      await page.getByRole('button', { name: 'Connect wallet', exact: true }).focus()
      await page.keyboard.press('Enter')
      await dialog(page).waitFor()
      let found = false
      for (let i = 0; i < 15 && !found; i++) {
        await page.keyboard.press('Tab')
        found = await page.evaluate(() => {
          const active = document.querySelector('airlock-modal')?.shadowRoot?.activeElement
          return active?.textContent?.includes('Demo Wallet') ?? false
        })
      }
      expect(found).toBe(true)
      await page.keyboard.press('Enter')
      await accountLine(page).getByText(`Connected: ${DEV_ACCOUNT.address}`).waitFor()
    },
    idleMs(60_000),
  )
})

describe('a wallet that refuses', () => {
  it(
    'ConnectingExternal says the request was declined and offers a retry, which connects (SPEC §2, §8 4001)',
    async () => {
      const context = await newContext()
      await context.addInitScript((address: string) => {
        let asked = 0
        let accounts: string[] = []
        const provider = {
          request: async ({ method }: { method: string }) => {
            if (method === 'eth_requestAccounts') {
              asked += 1
              // The visitor says no the first time, yes the second.
              if (asked === 1) throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
              accounts = [address]
              return accounts
            }
            if (method === 'eth_accounts') return accounts
            if (method === 'eth_chainId') return '0x7a69'
            throw Object.assign(new Error('Unsupported method'), { code: 4200 })
          },
          on() {},
          removeListener() {},
        }
        const announce = () =>
          window.dispatchEvent(
            new CustomEvent('eip6963:announceProvider', {
              detail: Object.freeze({ info: { uuid: 'refusing-1', name: 'Refusing Wallet', icon: '', rdns: 'test.refusing' }, provider }),
            }),
          )
        window.addEventListener('eip6963:requestProvider', announce)
      }, DEV_ACCOUNT.address)
      const page = await openDemo(context)
      await page.getByRole('button', { name: 'Connect wallet', exact: true }).click()
      await dialog(page).getByRole('button', { name: 'Refusing Wallet' }).click()
      await dialog(page).getByRole('alert').getByText('Connection declined').waitFor()
      expect(await view(page)).toBe('ConnectingExternal')
      await page.screenshot({ path: 'test-results/connecting-declined.png' })
      expect(await page.evaluate(() => window.airlock.getState().connection.connectAttempt)).toEqual({ connectorId: expect.any(String), phase: 'declined' })
      await dialog(page).getByRole('button', { name: 'Try again' }).click()
      await accountLine(page).getByText(`Connected: ${DEV_ACCOUNT.address}`).waitFor()
      expect(await page.evaluate(() => window.airlock.getState().connection.connectAttempt)).toBeNull()
    },
    idleMs(60_000),
  )
})

describe('hostile announcements', () => {
  it(
    'never run script, show names as short text, drop bad icons, duplicates and providers without request',
    async () => {
      const context = await newContext()
      await context.addInitScript(() => {
        const provider = { request: async () => [] }
        const svg = 'data:image/svg+xml,' + encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>')
        const announce = (info: object, p: unknown = provider) =>
          window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info, provider: p }) }))
        const all = () => {
          announce({ uuid: 'u-1', name: 'Scripted Icon', icon: svg, rdns: 'test.scripted' })
          announce({ uuid: 'u-2', name: 'Js Icon', icon: 'javascript:alert(3)', rdns: 'test.js' })
          announce({ uuid: 'u-3', name: 'L'.repeat(10_000), icon: '', rdns: 'test.long' })
          announce({ uuid: 'u-1', name: 'Same Uuid', icon: '', rdns: 'test.same-uuid' })
          announce({ uuid: 'u-4', name: 'No Request', icon: '', rdns: 'test.no-request' }, { on() {} })
          announce({ uuid: 'u-5', name: '<img src=x onerror=alert(4)>', icon: '', rdns: 'test.markup' })
        }
        window.addEventListener('eip6963:requestProvider', all)
      })
      const page = await openDemo(context)
      await page.getByRole('button', { name: 'Connect wallet', exact: true }).click()
      await dialog(page).getByRole('button', { name: 'Scripted Icon' }).waitFor()
      const names = await page.evaluate(() => window.airlock.getState().connectors.allConnectors.map((c) => c.name))
      expect(names).toContain('Js Icon')
      expect(names).not.toContain('Same Uuid')
      expect(names).not.toContain('No Request')
      const long = names.find((n) => n.startsWith('LLL'))
      expect(long?.length).toBeLessThanOrEqual(48)
      // Markup in a name is text, never parsed.
      await dialog(page).getByText('<img src=x onerror=alert(4)>').waitFor()
      const imageSources = await page.evaluate(() =>
        Array.from(document.querySelector('airlock-modal')!.shadowRoot!.querySelectorAll('img')).map((img) => img.getAttribute('src') ?? ''),
      )
      expect(imageSources.every((src) => src.startsWith('data:image/') || src.startsWith('https:') || src.startsWith('http://127.0.0.1'))).toBe(true)
      expect(imageSources.some((src) => src.startsWith('javascript:'))).toBe(false)
      // Still usable: the Demo Wallet connects.
      await dialog(page).getByRole('button', { name: 'Demo Wallet' }).click()
      await accountLine(page).getByText('Connected:').waitFor()
      expect(problems).toEqual([])
    },
    idleMs(60_000),
  )
})
