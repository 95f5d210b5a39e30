/**
 * The embedded wallet (issue 14), in real Chromium under the demo's strict CSP, against the local
 * back end of `npm start` (services/embeddedStack.mjs): the secure frame on its own origin, the
 * auth service with a real SMTP sink, the local OpenID provider, the Farcaster relay, and ERC-4337
 * v0.7 with the local bundler on anvil. Nothing of ours is mocked.
 * - Email: the code is read from the SMTP sink; connected with an address; a message signed
 *   through the site's provider after ApproveTransaction verifies with viem; a transaction is
 *   mined on anvil; a reload keeps the session; signing out ends it.
 */
import { beforeEach, describe, expect, it } from 'vitest'
import type { Locator, Page } from 'playwright-core'
import { createPublicClient, http, parseEther, verifyMessage, type Address, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { registerFarcasterUser, signInWithFarcaster } from '../../services/auth/farcaster.mjs'
import { base58 } from '@scure/base'
import { launchChromium } from './browser'
import { allowCspViolations } from './csp'
import { approveInFrame, DWELL_MS, rejectInFrame, secureFrame } from './secureFrame'
import { idleMs } from '../support/until'
import { fileDemoStack } from '../support/fileDemoStack'
import { signInWithEmail } from '../support/emailSignIn'
import { frameSignsSolana } from '../support/frameSigns'
import { recordCspProblems } from '../support/pageProblems'

/** How far the auth service's clock is ahead of the real one (a test moves it past the 30 s email cool-down). */
let authClockOffset = 0
const problems: string[] = []
const demo = fileDemoStack({ authNow: () => Date.now() + authClockOffset })

async function openDemo(page: Page, query = '?namespaces=eip155'): Promise<void> {
  recordCspProblems(page, problems)
  await page.goto(`${demo.stack.url}${query}`)
  await page.getByText('Airlock is running').waitFor()
}

const dialog = (page: Page) => page.getByRole('dialog')
const chain = () => createPublicClient({ transport: http(demo.stack.chains[0]!.rpcUrl) })

/** A request through the site's eip155 provider: `{ result }`, or the error's `{ code, message }`. */
function outcome(page: Page, method: string, params: unknown[]): Promise<{ result?: unknown; code?: number; message?: string }> {
  return page.evaluate(
    ([name, args]) =>
      window.airlock
        .getProvider('eip155')!
        .request({ method: name as string, params: args })
        .then(
          (result: unknown) => ({ result }),
          (error: { code?: number; message?: string }) => ({ code: error.code, message: error.message }),
        ),
    [method, params] as const,
  )
}

const activeAddress = (page: Page) => page.evaluate(() => window.airlock.getState().account.accounts.eip155.address) as Promise<Address>

beforeEach(() => void problems.splice(0))

describe('email sign-in', () => {
  it(
    'signs in with a code from the SMTP sink, approves a signature and a transaction, survives a reload, signs out',
    async () => {
      const context = await demo.newContext()
      const page = await context.newPage()
      await openDemo(page)
      await signInWithEmail(page, demo.embedded.smtp, 'ada@example.com')
      const address = await activeAddress(page)
      expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)
      // The Account view says who is signed in (SPEC §3 auth wallet info).
      await page.getByRole('button', { name: 'Connect wallet', exact: true }).click()
      await dialog(page).getByText('ada@example.com').waitFor()
      await page.keyboard.press('Escape')
      await page.waitForFunction(() => !window.airlock.getState().router.open)

      // A signature through the site's provider opens ApproveTransaction, which hosts the frame's own view of the message.
      const signature = page.evaluate(
        ([account]) => window.airlock.getProvider('eip155')!.request({ method: 'personal_sign', params: ['0x48656c6c6f2c204169726c6f636b', account] }),
        [address],
      ) as Promise<Hex>
      await dialog(page).getByRole('heading', { name: 'Approve request' }).waitFor()
      await approveInFrame(page, ['Sign a message', 'Hello, Airlock', 'Airlock Local A'])
      expect(await verifyMessage({ address, message: 'Hello, Airlock', signature: await signature })).toBe(true)
      await page.waitForFunction(() => !window.airlock.getState().router.open)

      // A transaction: funded first, then approved, then mined.
      const receiver = '0x000000000000000000000000000000000000dEaD'
      await demo.stack.anvils[0]!.rpc('anvil_setBalance', [address, '0x8AC7230489E80000'])
      const before = await chain().getBalance({ address: receiver })
      const hash = page.evaluate(
        ([from, to]) => window.airlock.getProvider('eip155')!.request({ method: 'eth_sendTransaction', params: [{ from, to, value: '0x16345785d8a0000' }] }),
        [address, receiver],
      ) as Promise<Hex>
      // The frame's own view says what, to whom, how much, on which network and at what fee.
      await secureFrame(page)
        .getByText(/≈ 0\.0000\d+ ETH/)
        .first()
        .waitFor()
      await approveInFrame(page, ['Send a transaction', receiver, '0.1 ETH', 'Network fee', 'Airlock Local A'])
      const receipt = await chain().waitForTransactionReceipt({ hash: await hash })
      expect(receipt.status).toBe('success')
      expect((await chain().getBalance({ address: receiver })) - before).toBe(parseEther('0.1'))

      // A rejected request fails with 4001 and changes nothing.
      const rejected = outcome(page, 'personal_sign', ['0x6e6f', address])
      await secureFrame(page).getByText('Sign a message').waitFor()
      await rejectInFrame(page)
      expect((await rejected).code).toBe(4001)

      // Closing the modal rejects the request still waiting (SPEC §4).
      await page.waitForFunction(() => !window.airlock.getState().router.open)
      const closed = outcome(page, 'personal_sign', ['0x6e6f', address])
      await secureFrame(page).getByText('Sign a message').waitFor()
      await dialog(page).getByRole('heading', { name: 'Approve request' }).click()
      await page.keyboard.press('Escape')
      expect((await closed).code).toBe(4001)

      // A method not on the list is refused, and the modal says so (SPEC §6).
      await page.waitForFunction(() => !window.airlock.getState().router.open)
      expect(await outcome(page, 'eth_signTransaction', [])).toEqual({ code: 4200, message: 'Requested RPC call is not allowed' })
      await dialog(page).getByText('Action not allowed').waitFor()
      await page.keyboard.press('Escape')

      // A reload keeps the session: the frame still holds it.
      await page.reload()
      await page.getByText('Airlock is running').waitFor()
      await page.waitForFunction(() => window.airlock.getState().account.accounts.eip155.address !== null, undefined, { timeout: idleMs(20_000) })
      expect(await activeAddress(page)).toBe(address)
      expect(await page.evaluate(() => window.airlock.getState().connectors.activeConnectorIds.eip155)).toBe('AUTH')

      // Signing out ends the session: after another reload nothing is connected.
      await page.evaluate(() => window.airlock.disconnect())
      await page.reload()
      await page.getByText('Airlock is running').waitFor()
      await page.waitForTimeout(1500)
      expect(await page.evaluate(() => window.airlock.getState().connection.connectedNamespaces)).toEqual([])
      expect(problems).toEqual([])
    },
    idleMs(120_000),
  )
})

describe('solana', () => {
  it(
    'the same sign-in connects a Solana account too; a Solana message signed after approval verifies with ed25519',
    async () => {
      const context = await demo.newContext()
      const page = await context.newPage()
      await openDemo(page, '?namespaces=eip155,solana')
      await signInWithEmail(page, demo.embedded.smtp, 'sol@example.com')
      await page.waitForFunction(() => window.airlock.getState().account.accounts.solana.address !== null, undefined, { timeout: idleMs(20_000) })
      const address = (await page.evaluate(() => window.airlock.getState().account.accounts.solana.address)) as string
      expect(base58.decode(address)).toHaveLength(32)
      await frameSignsSolana(page, address, 'Hello, Solana', ['Solana'])
      expect(problems).toEqual([])
    },
    idleMs(90_000),
  )
})

describe('smart account', () => {
  it(
    'switches to the smart account in Wallet settings; wallet_sendCalls with two transfers lands in one user operation',
    async () => {
      const context = await demo.newContext()
      const page = await context.newPage()
      await openDemo(page)
      await signInWithEmail(page, demo.embedded.smtp, 'grace@example.com')
      const eoa = await activeAddress(page)

      await page.getByRole('button', { name: 'Connect wallet', exact: true }).click()
      await dialog(page).getByRole('button', { name: 'Wallet settings' }).click()
      await dialog(page).getByRole('radio', { name: 'Smart account' }).click()
      await page.waitForFunction(
        (before) => {
          const s = window.airlock.getState()
          return s.account.preferredAccountTypes.eip155 === 'smartAccount' && s.account.accounts.eip155.address !== before
        },
        eoa,
        { timeout: idleMs(20_000) },
      )
      const smart = await activeAddress(page)
      expect(smart).not.toBe(eoa)
      expect(await chain().getCode({ address: smart })).toBeUndefined()
      await page.keyboard.press('Escape')

      // The account pays its own gas: fund it, then two transfers in one batch.
      await demo.stack.anvils[0]!.rpc('anvil_setBalance', [smart, '0x8AC7230489E80000'])
      const [first, second] = ['0x1111111111111111111111111111111111111111', '0x2222222222222222222222222222222222222222'] as const
      const balances = async () => Promise.all([first, second].map((address) => chain().getBalance({ address })))
      const before = await balances()
      const sent = page.evaluate(
        ([from, a, b, chainId]) =>
          window.airlock.getProvider('eip155')!.request({
            method: 'wallet_sendCalls',
            params: [
              {
                version: '2.0.0',
                chainId,
                from,
                atomicRequired: true,
                calls: [
                  { to: a, value: '0x2386f26fc10000' },
                  { to: b, value: '0x470de4df820000' },
                ],
              },
            ],
          }),
        [smart, first, second, `0x${demo.stack.chains[0]!.chainId.toString(16)}`],
      ) as Promise<{ id: string }>
      await approveInFrame(page, ['Send a batch of calls', 'Call 2', first, second])
      const { id } = await sent
      const status = (await page.evaluate(async (bundle) => {
        for (;;) {
          const answer = (await window.airlock.getProvider('eip155')!.request({ method: 'wallet_getCallsStatus', params: [bundle] })) as { status: number }
          if (answer.status !== 100) return answer
          await new Promise((resolve) => setTimeout(resolve, 250))
        }
      }, id)) as { status: number; atomic: boolean; receipts: { transactionHash: Hex }[] }
      expect(status.status).toBe(200)
      expect(status.atomic).toBe(true)
      // One user operation: one transaction carried both transfers.
      expect(new Set(status.receipts.map((r) => r.transactionHash)).size).toBe(1)
      const after = await balances()
      expect(after[0]! - before[0]!).toBe(parseEther('0.01'))
      expect(after[1]! - before[1]!).toBe(parseEther('0.02'))
      expect(await chain().getCode({ address: smart })).toMatch(/^0x[0-9a-f]+$/)
      expect(problems).toEqual([])
    },
    idleMs(120_000),
  )
})

describe('social sign-in', () => {
  for (const [provider, name] of [
    ['google', 'Google'],
    ['x', 'X'],
  ] as const) {
    it(
      `signs in with ${name} through the local OpenID provider's popup; the user name is shown`,
      async () => {
        const context = await demo.newContext()
        const page = await context.newPage()
        await openDemo(page)
        await page.getByRole('button', { name: 'Connect wallet', exact: true }).click()
        const popupOpened = context.waitForEvent('page')
        await dialog(page)
          .getByRole('button', { name: `Continue with ${name}` })
          .click()
        const popup = await popupOpened
        await dialog(page).getByText(`Finish signing in with ${name}`).waitFor()
        await popup.getByLabel('User name').fill(`${provider}-visitor`)
        await popup.getByRole('button', { name: 'Continue' }).click()
        await page.waitForFunction(() => window.airlock.getState().account.accounts.eip155.address !== null, undefined, { timeout: idleMs(30_000) })
        expect(await page.evaluate(() => window.airlock.getState().connectors.activeConnectorIds.eip155)).toBe('AUTH')
        await popup.waitForEvent('close', { timeout: idleMs(5_000) }).catch(() => undefined)
        expect(popup.isClosed()).toBe(true)
        // The page's address never carried the result (the popup did), and the Account says who signed in.
        expect(page.url()).not.toContain('result_uri')
        await page.waitForFunction(() => !window.airlock.getState().router.open)
        await page.getByRole('button', { name: 'Connect wallet', exact: true }).click()
        await dialog(page).getByText(`Signed in as ${provider}-visitor with ${name}`).waitFor()
        expect(await page.evaluate(() => localStorage.getItem('@airlock/socials/provider'))).toBe(JSON.stringify(provider))
        expect(problems).toEqual([])
      },
      idleMs(90_000),
    )
  }
})

describe('social sign-in with popups blocked', () => {
  it(
    'goes to the provider in the page itself, comes back with result_uri, signs in and removes result_uri from the address (SPEC §4)',
    async () => {
      const context = await demo.newContext()
      const page = await context.newPage()
      // The browser blocks popups (as Safari does after an await, or a Telegram mini app): window.open gives null.
      await page.addInitScript(() => {
        window.open = () => null
      })
      await openDemo(page, '?namespaces=eip155&from=shop')
      await page.getByRole('button', { name: 'Connect wallet', exact: true }).click()
      await dialog(page).getByRole('button', { name: 'Continue with Google' }).click()
      await page.getByLabel('User name').fill('redirected')
      await page.getByRole('button', { name: 'Continue' }).click()
      await page.getByText('Airlock is running').waitFor()
      await page.waitForFunction(() => window.airlock.getState().account.accounts.eip155.address !== null, undefined, { timeout: idleMs(30_000) })
      const url = new URL(page.url())
      expect(url.searchParams.has('result_uri')).toBe(false)
      // The page's own query is kept.
      expect(url.searchParams.get('from')).toBe('shop')
      await page.waitForFunction(() => window.airlock.getState().account.accounts.eip155.connectedWalletInfo?.identifier === 'redirected')
      expect(problems).toEqual([])
    },
    idleMs(90_000),
  )
})

/**
 * A visitor's click on a control of the secure frame: the pointer rests on it first (Chromium drops
 * input to a frame that has only just moved into place).
 */
async function clickInFrame(page: Page, control: Locator): Promise<void> {
  await control.hover()
  await page.waitForTimeout(DWELL_MS)
  await control.click()
}

describe('a second device', () => {
  it(
    'asks to approve the device by the emailed link, then the code, and gives the same wallet',
    async () => {
      const first = await (await demo.newContext()).newPage()
      await openDemo(first)
      await signInWithEmail(first, demo.embedded.smtp, 'two-devices@example.com')
      const address = await activeAddress(first)

      // The recovery code, read where the visitor reads it: in the first device's secure frame (Wallet settings → Recovery code).
      await first.getByRole('button', { name: 'Connect wallet', exact: true }).click()
      await dialog(first).getByRole('button', { name: 'Wallet settings' }).click()
      await dialog(first).getByRole('button', { name: 'Recovery code' }).click()
      const shown = secureFrame(first).locator('[data-recovery-code]')
      await shown.waitFor({ timeout: idleMs(20_000) })
      const recoveryCode = (await shown.textContent())!.trim()
      expect(recoveryCode).toMatch(/^([0-9A-Z]{4}-){13}[0-9A-Z]{4}$/)
      // The page never has it: not in its DOM, not in its state.
      expect(
        await first.evaluate(
          (code) => document.documentElement.outerHTML.includes(code) || JSON.stringify(window.airlock.getState()).includes(code),
          recoveryCode,
        ),
      ).toBe(false)
      await clickInFrame(first, secureFrame(first).getByRole('button', { name: 'Done' }))
      await dialog(first).getByRole('radio', { name: 'Smart account' }).waitFor()

      // Another device, later than the auth service's 30 s cool-down for this address.
      authClockOffset += 31_000
      const second = await (await demo.newContext()).newPage()
      await openDemo(second)
      await second.getByRole('button', { name: 'Connect wallet', exact: true }).click()
      await dialog(second).getByRole('textbox', { name: 'Email' }).fill('two-devices@example.com')
      const since = Date.now()
      await dialog(second).getByRole('button', { name: 'Continue', exact: true }).click()
      await dialog(second).getByRole('heading', { name: 'Approve this device' }).waitFor()
      const link = /^\s*(https?:\/\/\S+)\s*$/m.exec((await demo.embedded.smtp.waitForMail({ to: 'two-devices@example.com', since: since - 1 })).text)?.[1]
      expect(link).toBeDefined()
      expect((await fetch(link!)).status).toBe(200)
      const mail = await demo.embedded.smtp
        .waitForMail({ to: 'two-devices@example.com', since: since - 1, timeoutMs: 20_000 })
        .then(async (m) => (/^\s*\d{6}\s*$/m.test(m.text) ? m : demo.embedded.smtp.waitForMail({ to: 'two-devices@example.com', after: m, timeoutMs: 20_000 })))
      const code = /^\s*(\d{6})\s*$/m.exec(mail.text)?.[1]
      await dialog(second).getByRole('textbox', { name: 'Code' }).fill(code!)
      await dialog(second).getByRole('button', { name: 'Confirm' }).click()

      // Signed in, but this device holds no share of the wallet: the frame asks for the recovery code in its own form.
      const input = secureFrame(second).getByRole('textbox', { name: 'Recovery code' })
      await input.waitFor({ timeout: idleMs(20_000) })
      const recover = secureFrame(second).getByRole('button', { name: 'Recover' })
      // A typo is refused by the code's check; nothing is lost, and the right code still works.
      await input.fill(recoveryCode.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')))
      await clickInFrame(second, recover)
      await secureFrame(second)
        .getByText('This is not a valid recovery code. Check it for typos.')
        .waitFor({ timeout: idleMs(20_000) })
      // The visitor reloads to go and find the code: the sign-in waits. Opening the modal again goes
      // straight back to the frame's form, with no new one-time code.
      await second.reload()
      await second.getByText('Airlock is running').waitFor()
      await second.getByRole('button', { name: 'Connect wallet', exact: true }).click()
      await input.waitFor({ timeout: idleMs(20_000) })
      await input.fill(recoveryCode.toLowerCase())
      await clickInFrame(second, recover)
      await second.waitForFunction(() => window.airlock.getState().account.accounts.eip155.address !== null, undefined, { timeout: idleMs(20_000) })
      expect(await activeAddress(second)).toBe(address)
      expect(problems).toEqual([])
    },
    idleMs(120_000),
  )
})

describe('a session token not yet valid', () => {
  it(
    'shows Session Expired after a reload when the auth service finds the token from the future (SPEC §8: check time settings)',
    async () => {
      const page = await (await demo.newContext()).newPage()
      await openDemo(page)
      await signInWithEmail(page, demo.embedded.smtp, 'early@example.com')
      // The auth service's clock two minutes behind the one that issued the token: its nbf is ahead.
      authClockOffset -= 120_000
      try {
        await page.reload()
        await page.getByText('Airlock is running').waitFor()
        await page.waitForFunction(() => window.airlock.getState().options.alerts.some((a) => a.shortMessage === 'Session Expired'), undefined, {
          timeout: idleMs(20_000),
        })
        expect(await page.evaluate(() => window.airlock.getState().connection.connectedNamespaces)).toEqual([])
      } finally {
        authClockOffset += 120_000
      }
    },
    idleMs(90_000),
  )
})

describe('farcaster', () => {
  it(
    'shows the Sign In With Farcaster link as a QR code; the Farcaster app (a test signer) signs in; the user name is shown',
    async () => {
      const custody = generatePrivateKey()
      await registerFarcasterUser({ rpcUrl: demo.stack.chains[0]!.rpcUrl, fid: 4242, custody: privateKeyToAccount(custody).address })
      const context = await demo.newContext()
      const page = await context.newPage()
      await openDemo(page)
      await page.getByRole('button', { name: 'Connect wallet', exact: true }).click()
      await dialog(page).getByRole('button', { name: 'Continue with Farcaster' }).click()
      await dialog(page).getByRole('img', { name: 'QR code to sign in with Farcaster' }).waitFor()
      const url = await dialog(page).getByTestId('farcaster-link').getAttribute('href')
      expect(url).toMatch(/^farcaster:\/\/connect\?/)
      await signInWithFarcaster({ relayUrl: `${demo.embedded.authUrl}/farcaster`, url: url!, fid: 4242, username: 'ada', privateKey: custody })
      await page.waitForFunction(() => window.airlock.getState().account.accounts.eip155.address !== null, undefined, { timeout: idleMs(30_000) })
      await page.waitForFunction(() => !window.airlock.getState().router.open)
      await page.getByRole('button', { name: 'Connect wallet', exact: true }).click()
      await dialog(page).getByText('Signed in as ada with Farcaster').waitFor()
      expect(problems).toEqual([])
    },
    idleMs(90_000),
  )
})

describe('security', () => {
  it(
    'a page whose origin the project does not allow gets Invalid App Configuration, and the frame never loads in it',
    async () => {
      const port = new URL(demo.stack.url).port
      // Another host name for the same server: an origin no project allows. Real sites are https, a
      // secure context; this one is made one too, so the page runs as a real site would.
      const origin = `http://shop.test:${port}`
      const context = await launchChromium({}, ['--host-resolver-rules=MAP *.test 127.0.0.1', `--unsafely-treat-insecure-origin-as-secure=${origin}`])
      // The frame's frame-ancestors refusing this page is what this test checks (tests/e2e/csp.ts).
      allowCspViolations(context, /frame-ancestors/)
      demo.closesAfter(context)
      const page = await context.newPage()
      page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
      await page.goto(`${origin}/?namespaces=eip155`)
      await page.getByText('Airlock is running').waitFor()
      await page.getByRole('button', { name: 'Connect wallet', exact: true }).click()
      // The frame is attached when the modal opens; its server's frame-ancestors refuses this page.
      await page.waitForFunction(() => window.airlock.getState().options.alerts.some((a) => a.shortMessage === 'Invalid App Configuration'), undefined, {
        timeout: idleMs(15_000),
      })
      // The email field says why sign-in cannot work here.
      await dialog(page).getByRole('textbox', { name: 'Email' }).fill('mallory@example.com')
      await dialog(page).getByRole('button', { name: 'Continue', exact: true }).click()
      await dialog(page).getByText('Unable to load email login dependency').waitFor()
      expect(demo.embedded.smtp.messages().some((mail) => mail.to === 'mallory@example.com')).toBe(false)
    },
    idleMs(60_000),
  )
})
