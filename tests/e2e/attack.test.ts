/**
 * The attacker's suite (issue 23, DESIGN "The secure frame decides"): a hostile script on an
 * allowed page (an XSS, a third-party tag, a compromised dependency) plays against the real
 * secure frame, auth service, anvil and the local SVM in Chromium. Each attack ends with no
 * signature, no transaction on anvil and no SOL moved, and the wallet still usable; the positive
 * control, a visitor's own click in the frame, still signs and sends.
 *
 * The frame's approval time-out is shortened to a few seconds here (config.json's
 * `approvalTimeoutMs`) so that a request nobody approves ends within the test.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { BrowserContext, Frame, Page } from 'playwright-core'
import { createPublicClient, encodeFunctionData, erc20Abi, http, parseEther, toHex, verifyMessage, type Address, type Hex } from 'viem'
import { Connection, Keypair, PublicKey, SystemProgram, Transaction } from '@solana/web3.js'
import { ensureBuilt } from '../../esbuild.config.mjs'
import { startDemoStack } from '../../services/demoStack.mjs'
import type { EmbeddedServices } from '../../services/embeddedStack.mjs'
import { ARM_DELAY_MS } from '../../services/frame/app/approval/guard'
import { launchChromium } from './browser'
import { DWELL_MS, approveInFrame, frameEnabled, rejectInFrame, secureFrame } from './secureFrame'
import { armTwin, prepareTwin } from './twinClick'
import { idleMs } from '../support/until'

const APPROVAL_TIMEOUT_MS = 10_000
/** Pairs of requests raced before the twin-click case gives up on a machine too busy to click twice in 500 ms. */
const TWIN_TRIES = 3
const ATTACKER = '0x000000000000000000000000000000000000bad1' as Address
const ATTACKER_SOLANA = Keypair.generate().publicKey

let stack: Awaited<ReturnType<typeof startDemoStack>>
let embedded: EmbeddedServices
const contexts: BrowserContext[] = []
const problems: string[] = []

const frameOrigin = () => new URL(embedded.frameUrl).origin
const chain = () => createPublicClient({ transport: http(stack.chains[0]!.rpcUrl) })
const dialog = (page: Page) => page.getByRole('dialog')

beforeAll(async () => {
  await ensureBuilt()
  stack = await startDemoStack({ approvalTimeoutMs: APPROVAL_TIMEOUT_MS })
  if (!stack.embedded) throw new Error('the demo stack started without the embedded wallet')
  embedded = stack.embedded
}, idleMs(180_000))

beforeEach(() => void problems.splice(0))

afterAll(async () => {
  for (const context of contexts) await context.close()
  await stack?.stop()
})

/** A visitor signed in by email on the demo, with the embedded wallet funded on anvil. */
async function signedInVisitor(
  email: string,
  { query = '?namespaces=eip155,solana', blindable = false, twin = false } = {},
): Promise<{ page: Page; address: Address; solana: string }> {
  const context = await launchChromium()
  contexts.push(context)
  if (twin) await prepareTwin(context, frameOrigin())
  // A compromised dependency loaded before Airlock: it wraps every message listener, so it can
  // later keep the frame's APPROVAL_VIEW from the modal (window.__blind = true).
  if (blindable)
    await context.addInitScript(() => {
      const add = window.addEventListener.bind(window)
      window.addEventListener = ((type: string, listener: EventListener, options?: boolean | AddEventListenerOptions) => {
        if (type !== 'message') return add(type, listener, options)
        const wrapped = (event: Event) => {
          const data = (event as MessageEvent).data as { type?: string } | null
          if ((window as unknown as { __blind?: boolean }).__blind && data?.type === 'APPROVAL_VIEW') return
          listener(event)
        }
        return add(type, wrapped, options)
      }) as typeof window.addEventListener
    })
  await context.route('**/*', (route) => (new URL(route.request().url()).hostname === '127.0.0.1' ? route.continue() : route.abort()))
  const page = await context.newPage()
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
  await page.goto(`${stack.url}${query}`)
  await page.getByText('Airlock is running').waitFor()
  await page.getByRole('button', { name: 'Connect wallet', exact: true }).click()
  const since = Date.now()
  await dialog(page).getByRole('textbox', { name: 'Email' }).fill(email)
  await dialog(page).getByRole('button', { name: 'Continue', exact: true }).click()
  const mail = await embedded.smtp.waitForMail({ to: email, since: since - 1 })
  const code = /^\s*(\d{6})\s*$/m.exec(mail.text)?.[1]
  await dialog(page).getByRole('textbox', { name: 'Code' }).fill(code!)
  await dialog(page).getByRole('button', { name: 'Confirm' }).click()
  await page.waitForFunction(
    () => {
      const s = window.airlock.getState()
      return s.account.accounts.eip155.address !== null && (s.account.accounts.solana.address !== null || !location.search.includes('solana'))
    },
    undefined,
    { timeout: idleMs(20_000) },
  )
  await page.keyboard.press('Escape')
  await page.waitForFunction(() => !window.airlock.getState().router.open)
  const address = (await page.evaluate(() => window.airlock.getState().account.accounts.eip155.address)) as Address
  const solana = (await page.evaluate(() => window.airlock.getState().account.accounts.solana.address)) as string
  await stack.anvils[0]!.rpc('anvil_setBalance', [address, '0x8AC7230489E80000'])
  return { page, address, solana }
}

interface Replies {
  readonly replies: { type: string; payload: { message?: string; code?: number; result?: unknown } }[]
}

/** Where the attacker's script runs: the page itself, or another window of the same origin. */
type Realm = Page | Frame

/**
 * The attacker's move: a frame message posted straight to the secure frame from `realm`'s
 * window (the page, a same-origin sibling frame, a popup), with a fresh UUID id or the one given,
 * collecting the frame's replies to it for `waitMs` (or until the first).
 */
function post(page: Page, type: string, payload: unknown, options: { id?: string; waitMs?: number; realm?: Realm } = {}): Promise<Replies & { id: string }> {
  const realm = options.realm ?? page
  return realm.evaluate(
    async ({ type, payload, id, waitMs }) => {
      const home = (window.opener as Window | null) ?? (window.parent !== window ? window.parent : window)
      const iframe = home.document.querySelector('iframe[data-airlock-frame]') as HTMLIFrameElement
      const origin = new URL(iframe.src).origin
      const messageId = id ?? crypto.randomUUID()
      const replies: unknown[] = []
      const listen = (event: MessageEvent) => {
        const data = event.data as { id?: string } | null
        if (data?.id === messageId) replies.push(data)
      }
      window.addEventListener('message', listen)
      if (home !== window) home.addEventListener('message', listen)
      iframe.contentWindow!.postMessage({ channel: 'airlock-frame', id: messageId, type, payload }, origin)
      const deadline = Date.now() + waitMs
      while (replies.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50))
      return { id: messageId, replies } as never
    },
    { type, payload, id: options.id, waitMs: options.waitMs ?? APPROVAL_TIMEOUT_MS + 3_000 },
  )
}

/** A same-origin sibling frame of the page, and a popup of the page: other windows of the site's origin. */
async function otherWindows(page: Page): Promise<{ sibling: Realm; popup: Realm }> {
  await page.evaluate(() => {
    const sibling = document.createElement('iframe')
    sibling.name = 'sibling'
    document.body.append(sibling)
  })
  const sibling = page.frame({ name: 'sibling' })!
  const [popup] = await Promise.all([page.context().waitForEvent('page'), page.evaluate(() => void window.open(location.href, '_blank'))])
  await popup.waitForLoadState()
  return { sibling, popup }
}

const nonce = (address: Address) => chain().getTransactionCount({ address })

/** The positive control: the visitor's own click in the frame signs, so the wallet is still usable. */
async function visitorStillSigns(page: Page, address: Address): Promise<void> {
  const signature = page.evaluate(
    ([account]) => window.airlock.getProvider('eip155')!.request({ method: 'personal_sign', params: ['0x7374696c6c206d696e65', account] }),
    [address],
  ) as Promise<Hex>
  await approveInFrame(page, ['still mine'])
  expect(await verifyMessage({ address, message: 'still mine', signature: await signature })).toBe(true)
  await page.waitForFunction(() => !window.airlock.getState().router.open)
}

describe('a page script posting unsafe requests straight to the frame', () => {
  it(
    'personal_sign, eth_sendTransaction and solana_signMessage get 4001 and nothing is signed or sent; the visitor still signs with a click',
    async () => {
      const { page, address, solana } = await signedInVisitor('victim1@example.com')
      const beforeNonce = await nonce(address)
      const beforeAttacker = await chain().getBalance({ address: ATTACKER })

      const sign = await post(page, 'RPC_REQUEST', { method: 'personal_sign', params: ['0x6869', address] })
      const send = await post(page, 'RPC_REQUEST', {
        method: 'eth_sendTransaction',
        params: [{ from: address, to: ATTACKER, value: `0x${parseEther('1').toString(16)}` }],
      })
      const message = await post(page, 'RPC_REQUEST', { method: 'solana_signMessage', params: { message: '3yZe7d', pubkey: solana } })
      for (const attempt of [sign, send, message]) {
        expect(attempt.replies).toEqual([{ channel: 'airlock-frame', id: attempt.id, type: 'ERROR', payload: { message: 'Request was aborted', code: 4001 } }])
      }
      // The modal never opened for them.
      expect(await page.evaluate(() => window.airlock.getState().router.open)).toBe(false)
      expect(await nonce(address)).toBe(beforeNonce)
      expect(await chain().getBalance({ address: ATTACKER })).toBe(beforeAttacker)
      await visitorStillSigns(page, address)
      expect(problems).toEqual([])
    },
    idleMs(120_000),
  )

  it(
    'with the modal blinded (a dependency loaded first keeps the frame’s APPROVAL_VIEW from it), the request waits for a click nobody gives and times out with 4001',
    async () => {
      const { page, address } = await signedInVisitor('victim2@example.com', { blindable: true })
      const beforeNonce = await nonce(address)
      await page.evaluate(() => void ((window as unknown as { __blind: boolean }).__blind = true))
      const send = await post(page, 'RPC_REQUEST', { method: 'eth_sendTransaction', params: [{ from: address, to: ATTACKER, value: '0x1' }] })
      expect(send.replies).toEqual([
        { channel: 'airlock-frame', id: send.id, type: 'ERROR', payload: { message: 'The request was not approved in time', code: 4001 } },
      ])
      expect(await nonce(address)).toBe(beforeNonce)
      await page.evaluate(() => void ((window as unknown as { __blind: boolean }).__blind = false))
      await visitorStillSigns(page, address)
    },
    idleMs(120_000),
  )

  it(
    'a SOL transfer the attacker builds for the visitor’s Solana key is not signed or sent on the local SVM',
    async () => {
      const { page, solana } = await signedInVisitor('victim3@example.com')
      const connection = new Connection(stack.solana.url, 'confirmed')
      const owner = new PublicKey(solana)
      const { blockhash } = await connection.getLatestBlockhash()
      const transaction = new Transaction({ feePayer: owner, recentBlockhash: blockhash }).add(
        SystemProgram.transfer({ fromPubkey: owner, toPubkey: ATTACKER_SOLANA, lamports: 1_000_000 }),
      )
      const wire = transaction.serialize({ requireAllSignatures: false, verifySignatures: false }).toString('base64')
      const before = await connection.getBalance(owner)
      const sent = await post(page, 'RPC_REQUEST', { method: 'solana_signAndSendTransaction', params: { transaction: wire } })
      expect(sent.replies).toEqual([{ channel: 'airlock-frame', id: sent.id, type: 'ERROR', payload: { message: 'Request was aborted', code: 4001 } }])
      expect(await connection.getBalance(ATTACKER_SOLANA)).toBe(0)
      expect(await connection.getBalance(owner)).toBe(before)
    },
    idleMs(120_000),
  )
})

describe('replays, races and other windows', () => {
  it(
    'replaying a legitimate request’s id after its approval gets no answer and signs nothing',
    async () => {
      const { page, address } = await signedInVisitor('victim4@example.com')
      // The legitimate request, approved by the visitor; its id is taken off the wire.
      await page.evaluate(() => {
        const seen: string[] = []
        ;(window as unknown as { seenIds: string[] }).seenIds = seen
        window.addEventListener('message', (event) => {
          const data = event.data as { type?: string; id?: string } | null
          if (data?.type === 'SUCCESS' && data.id) seen.push(data.id)
        })
      })
      const beforeNonce = await nonce(address)
      const hash = page.evaluate(
        ([from, to]) => window.airlock.getProvider('eip155')!.request({ method: 'eth_sendTransaction', params: [{ from, to, value: '0x2' }] }),
        [address, ATTACKER],
      ) as Promise<Hex>
      await approveInFrame(page, ['Send a transaction'])
      await chain().waitForTransactionReceipt({ hash: await hash })
      expect(await nonce(address)).toBe(beforeNonce + 1)
      const ids = (await page.evaluate(() => (window as unknown as { seenIds: string[] }).seenIds)) as string[]
      expect(ids.length).toBeGreaterThan(0)
      for (const id of ids.slice(-3)) {
        const replay = await post(
          page,
          'RPC_REQUEST',
          { method: 'eth_sendTransaction', params: [{ from: address, to: ATTACKER, value: '0x2' }] },
          { id, waitMs: 2_000 },
        )
        expect(replay.replies).toEqual([])
      }
      expect(await nonce(address)).toBe(beforeNonce + 1)
    },
    idleMs(120_000),
  )

  it(
    'two requests race for one click: the click approves the one shown; the next needs its own look, and an immediate second click does nothing',
    async () => {
      const { page, address } = await signedInVisitor('victim5@example.com', { twin: true })
      // The twin proves the rule only when it lands inside the arming delay. It is pressed the moment
      // the frame shows the second request (twinClick.ts); a machine too busy for even that gets
      // another pair, up to TWIN_TRIES.
      for (let attempt = 1; attempt <= TWIN_TRIES; attempt++) {
        const beforeNonce = await nonce(address)
        const message = `first ${attempt}`
        const first = page.evaluate(
          ([account, data]) => window.airlock.getProvider('eip155')!.request({ method: 'personal_sign', params: [data, account] }),
          [address, toHex(message)],
        ) as Promise<Hex>
        const second = page.evaluate(
          ([from, to]) =>
            window.airlock
              .getProvider('eip155')!
              .request({ method: 'eth_sendTransaction', params: [{ from, to, value: '0x3' }] })
              .then(
                (result: unknown) => ({ result }),
                (error: { code?: number }) => ({ code: error.code }),
              ),
          [address, ATTACKER],
        )
        await secureFrame(page)
          .getByText(message)
          .waitFor({ timeout: idleMs(20_000) })
        const { pressed } = await armTwin(page, frameOrigin(), 'Send a transaction')
        await approveInFrame(page, [message, '1 more requests waiting'], { once: true })
        const { gapMs } = await pressed
        expect(await verifyMessage({ address, message, signature: await first })).toBe(true)
        if (gapMs < ARM_DELAY_MS) {
          await page.waitForTimeout(1_000)
          expect(await nonce(address)).toBe(beforeNonce)
          // Nobody approves it: it ends with 4001 at the frame's time-out.
          expect(await second).toEqual({ code: 4001 })
          expect(await nonce(address)).toBe(beforeNonce)
          return
        }
        // Pressed after the delay: by the guard's rule that is a second click of its own, which may
        // count. Let this pair settle (sent, or 4001 at the time-out) and race again.
        console.warn(`attack.test: the twin click came ${Math.round(gapMs)} ms after the request showed (try ${attempt}); racing again`)
        await second
        await page.waitForFunction(() => !window.airlock.getState().router.open, undefined, { timeout: idleMs(20_000) })
      }
      throw new Error(`no twin click landed within the frame's arming delay (${ARM_DELAY_MS} ms) in ${TWIN_TRIES} tries`)
    },
    idleMs(120_000),
  )

  it(
    'a same-origin sibling frame or popup posting to the frame gets no answer at all',
    async () => {
      const { page, address } = await signedInVisitor('victim6@example.com')
      const windows = await otherWindows(page)
      for (const [name, realm] of Object.entries(windows)) {
        const sign = await post(page, 'RPC_REQUEST', { method: 'personal_sign', params: ['0x6869', address] }, { realm, waitMs: 2_000 })
        expect(sign.replies, name).toEqual([])
        const read = await post(page, 'IS_CONNECTED', {}, { realm, waitMs: 1_000 })
        expect(read.replies, name).toEqual([])
      }
      // The same message from the page itself is answered: the silence above is the frame's check of the window.
      expect((await post(page, 'IS_CONNECTED', {}, { waitMs: 5_000 })).replies[0]?.type).toBe('SUCCESS')
      await (windows.popup as Page).close()
      await visitorStillSigns(page, address)
    },
    idleMs(120_000),
  )

  it(
    'navigating the frame (a reload of its document by the page) gives the attacker nothing more',
    async () => {
      const { page, address } = await signedInVisitor('victim7@example.com')
      const beforeNonce = await nonce(address)
      await page.evaluate(() => {
        const iframe = document.querySelector('iframe[data-airlock-frame]') as HTMLIFrameElement
        iframe.src = `${iframe.src}&again=1`
      })
      // A document the host did not ask for is a frame lost (issue 27 §3): it drops that frame, so
      // nothing is ever asked of whatever the page loaded there.
      await page.waitForFunction(() => document.querySelector('iframe[data-airlock-frame]') === null, undefined, { timeout: idleMs(10_000) })
      // The site's next request gets a fresh frame, which restores the session; the attacker then
      // talks to that one.
      await page.evaluate(() => window.airlock.getProvider('eip155')!.request({ method: 'eth_blockNumber' }))
      await page.locator('iframe[data-airlock-frame]').waitFor({ state: 'attached', timeout: idleMs(10_000) })
      const restored = await post(page, 'IS_CONNECTED', {}, { waitMs: 5_000 })
      expect(restored.replies[0]?.type).toBe('SUCCESS')
      const send = await post(page, 'RPC_REQUEST', { method: 'eth_sendTransaction', params: [{ from: address, to: ATTACKER, value: '0x4' }] })
      expect(send.replies[0]?.payload.code).toBe(4001)
      expect(await nonce(address)).toBe(beforeNonce)
      await page.reload()
      await page.getByText('Airlock is running').waitFor()
      await page.waitForFunction(() => window.airlock.getState().account.accounts.eip155.address !== null, undefined, { timeout: idleMs(20_000) })
      await visitorStillSigns(page, address)
    },
    idleMs(120_000),
  )
})

describe('what the frame shows', () => {
  it(
    'an ERC-20 transfer as the token’s own symbol and amount, read by the frame from the chain, with the network and the fee',
    async () => {
      const { page, address } = await signedInVisitor('token@example.com', { query: '?namespaces=eip155' })
      const token = stack.account!.contracts.tokens.adt
      const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [ATTACKER, parseEther('12.5')] })
      const sent = page.evaluate(
        ([from, to, input]) =>
          window.airlock
            .getProvider('eip155')!
            .request({ method: 'eth_sendTransaction', params: [{ from, to, data: input }] })
            .then(
              () => 'sent',
              (error: { code?: number }) => error.code,
            ),
        [address, token, data],
      )
      for (const text of ['Send a transaction', 'Airlock Local A', `ADT (${token})`, '12.5 ADT', 'Network fee'])
        await secureFrame(page).getByText(text).first().waitFor()
      await page.screenshot({ path: '.cache/approve-token.png' })
      await rejectInFrame(page)
      expect(await sent).toBe(4001)
    },
    idleMs(120_000),
  )
})

describe('keyboard', () => {
  it(
    'a visitor with a keyboard approves in the frame: Tab to the slot takes focus into the frame, Tab to Approve, a moment, Enter',
    async () => {
      const { page, address } = await signedInVisitor('keys@example.com', { query: '?namespaces=eip155' })
      const signature = page.evaluate(
        ([account]) => window.airlock.getProvider('eip155')!.request({ method: 'personal_sign', params: ['0x6b657973', account] }),
        [address],
      ) as Promise<Hex>
      await secureFrame(page).getByText('keys').waitFor()
      await frameEnabled(page)
      // From the modal's close button, Tab reaches the slot, which hands focus to the frame.
      for (let i = 0; i < 6 && !(await page.evaluate(() => document.activeElement?.tagName === 'IFRAME')); i++) await page.keyboard.press('Tab')
      expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('IFRAME')
      const approve = secureFrame(page).getByRole('button', { name: 'Approve' })
      for (let i = 0; i < 4 && !(await approve.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab')
      expect(await approve.evaluate((el) => el === document.activeElement)).toBe(true)
      await page.waitForTimeout(DWELL_MS)
      await page.keyboard.press('Enter')
      expect(await verifyMessage({ address, message: 'keys', signature: await signature })).toBe(true)
    },
    idleMs(120_000),
  )
})

describe('switching networks', () => {
  it(
    'a page script’s SWITCH_NETWORK to a chain never used gets 4001 and the wallet stays; the visitor’s own switch is asked in the frame once, then not again',
    async () => {
      const { page } = await signedInVisitor('victim11@example.com', { query: '?namespaces=eip155' })
      const other = stack.chains[1]!
      const direct = await post(page, 'SWITCH_NETWORK', { chainId: other.chainId })
      expect(direct.replies[0]?.payload).toEqual({ message: 'Request was aborted', code: 4001 })
      const chainOf = () => post(page, 'GET_CHAIN_ID', {}, { waitMs: 5_000 }).then((r) => r.replies[0]?.payload)
      expect(await chainOf()).toEqual({ chainId: stack.chains[0]!.chainId })
      // The visitor switches: the frame asks, naming the network; approved, the wallet is there.
      const switched = page.evaluate((id) => window.airlock.switchNetwork(id), `eip155:${other.chainId}`)
      await approveInFrame(page, ['Switch to a network you have not used', other.name])
      await switched
      expect(await chainOf()).toEqual({ chainId: other.chainId })
      // Back and there again: used, so nothing is asked.
      await page.evaluate((id) => window.airlock.switchNetwork(id), `eip155:${stack.chains[0]!.chainId}`)
      await page.evaluate((id) => window.airlock.switchNetwork(id), `eip155:${other.chainId}`)
      expect(await chainOf()).toEqual({ chainId: other.chainId })
      expect(problems).toEqual([])
    },
    idleMs(120_000),
  )
})

describe('clickjacking: Approve counts only on a frame in view, unobscured, under a still pointer', () => {
  /** Starts a request through the site's provider and waits until the frame shows it, armed. */
  async function shown(page: Page, address: Address) {
    const result = page.evaluate(
      ([account]) =>
        window.airlock
          .getProvider('eip155')!
          .request({ method: 'personal_sign', params: ['0x6a61636b6564', account] })
          .then(
            (signature: unknown) => ({ signature }),
            (error: { code?: number }) => ({ code: error.code }),
          ),
      [address],
    )
    await secureFrame(page).getByText('jacked').waitFor()
    await frameEnabled(page)
    // Wrapped: an async function returning the promise itself would wait for it to settle.
    return { result }
  }
  /** Waits until the page has left the frame where it is for a while (the modal animates its height). */
  async function frameAtRest(page: Page): Promise<void> {
    const place = () => page.evaluate(() => (document.querySelector('iframe[data-airlock-frame]') as HTMLIFrameElement).style.cssText)
    let last = await place()
    for (let still = 0, i = 0; still < 3 && i < 50; i++) {
      await page.waitForTimeout(200)
      const now = await place()
      still = now === last ? still + 1 : 0
      last = now
    }
  }
  const approveBox = async (page: Page) => (await secureFrame(page).getByRole('button', { name: 'Approve' }).boundingBox())!

  /** The visitor's click on Approve where it shows, as a visitor makes it (onto it, a moment still, click), which must count for nothing: the request ends only when the modal closes, with 4001. */
  async function clickCountsForNothing(page: Page, box: { x: number; y: number; width: number; height: number }, result: Promise<unknown>): Promise<void> {
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
    await page.waitForTimeout(DWELL_MS)
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2)
    expect(await secureFrame(page).getByRole('button', { name: 'Approve' }).isDisabled()).toBe(true)
    await page.evaluate(() => window.airlock.close())
    expect(await result).toEqual({ code: 4001 })
  }

  it(
    'a transparent frame: Approve goes disabled, the visitor’s click counts for nothing',
    async () => {
      const { page, address } = await signedInVisitor('victim8@example.com')
      const { result } = await shown(page, address)
      await page.evaluate(() => {
        ;(document.querySelector('iframe[data-airlock-frame]') as HTMLIFrameElement).style.opacity = '0.3'
      })
      await page.waitForTimeout(600)
      await clickCountsForNothing(page, await approveBox(page), result)
    },
    idleMs(120_000),
  )

  it(
    'a covered frame (a layer over it that lets clicks through): Approve goes disabled, the click counts for nothing',
    async () => {
      const { page, address } = await signedInVisitor('victim9@example.com')
      const { result } = await shown(page, address)
      const box = await approveBox(page)
      await page.evaluate((rect) => {
        const cover = document.createElement('div')
        Object.assign(cover.style, {
          position: 'fixed',
          left: `${rect.x - 20}px`,
          top: `${rect.y - 20}px`,
          width: `${rect.width + 40}px`,
          height: `${rect.height + 40}px`,
          background: 'white',
          pointerEvents: 'none',
          zIndex: '2147483647',
        })
        cover.textContent = 'Claim your prize'
        document.body.append(cover)
      }, box)
      await page.waitForTimeout(600)
      await clickCountsForNothing(page, box, result)
    },
    idleMs(120_000),
  )

  it(
    'a frame moved under the pointer just before a click: the click counts for nothing; the same frame left still, then clicked, signs',
    async () => {
      const { page, address } = await signedInVisitor('victim10@example.com')
      const { result } = await shown(page, address)
      const box = await approveBox(page)
      // The visitor's pointer rests elsewhere on the page, say over the site's own button.
      const rest = { x: box.x + box.width / 2 - 300, y: box.y + box.height / 2 }
      await page.mouse.move(rest.x, rest.y)
      await page.waitForTimeout(DWELL_MS)
      // The attacker moves the frame so that Approve sits under the pointer, and the visitor clicks.
      await page.evaluate((dx) => {
        const iframe = document.querySelector('iframe[data-airlock-frame]') as HTMLIFrameElement
        iframe.style.left = `${parseFloat(iframe.style.left) - dx}px`
      }, 300)
      await page.mouse.click(rest.x, rest.y)
      await page.waitForTimeout(500)
      // Nothing approved: the click was refused ("Approve was not counted…": the pointer had only
      // just arrived) or, on a busy machine, fell on an Approve disabled while the moved frame's
      // visibility was checked again. Either way the request still waits.
      expect(await Promise.race([result.then(() => 'ended'), new Promise((resolve) => setTimeout(() => resolve('waiting'), 200))])).toBe('waiting')
      // The visitor's own deliberate click: onto Approve wherever the frame now is (once the modal,
      // grown by the frame's message, has stopped moving it), a moment still, then click.
      await frameAtRest(page)
      const now = await approveBox(page)
      await page.mouse.move(now.x + now.width / 2, now.y + now.height / 2)
      await page.waitForTimeout(DWELL_MS)
      await page.mouse.click(now.x + now.width / 2, now.y + now.height / 2)
      const outcome = (await result) as { signature?: Hex }
      expect(await verifyMessage({ address, message: 'jacked', signature: outcome.signature! })).toBe(true)
    },
    idleMs(120_000),
  )
})
