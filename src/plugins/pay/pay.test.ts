/**
 * The pay plugin's rules, with fake ports (src/testing/testDeps) and virtual time: the site's
 * request decoded (a wrong one fails with "Invalid payment: …"); the exchanges read; an exchange's
 * page opened in the click's own turn (popup first, opener cut, only a web page), its status polled
 * until SUCCESS or FAILED, three unreadable statuses or PAY_TIMEOUT_MS failing it (nothing stays
 * pending); the wallet sending the exact units; the modal closed while choosing cancelling it.
 * (The real exchange and Chromium: services/exchange, tests/e2e/pay.test.ts.)
 */
import { describe, expect, it } from 'vitest'
import { BehaviorSubject, Subject } from 'rxjs'
import { produce } from 'immer'
import { testDeps, walletWith } from '../../../tests/support/testDeps'
import { AirlockError, createEvent, ErrorCategory, type AirlockEvent, type RootState, type WalletConnection } from 'airlock/plugin'
import { apiAnswering, type PathAnswer } from 'airlock/testing'
import { paymentOf, unitsOf, type Payment } from './payment'
import { initialPayState, reducePay, type PayState } from './state'
import { payCommands } from './commands'
import {
  cancelOnClose,
  CANCELLED,
  EXCHANGE_FAILED,
  NOT_A_PAGE,
  NOT_CONNECTED,
  PAY_STATUS_POLL_MS,
  PAY_TIMEOUT_MS,
  payWithExchange,
  payWithWallet,
  readExchanges,
  TIMED_OUT,
} from './effects'
import { en } from './strings'
import de from './locales/de'

const RECIPIENT = '0x000000000000000000000000000000000000cafE'
const TOKEN = '0x00000000000000000000000000000000000000AD'
const PAYER = '0x000000000000000000000000000000000000bEEF'
const EXCHANGES = [
  { id: 'local', name: 'Local Exchange' },
  { id: 'frozen', name: 'Frozen Exchange' },
]
const payment = (): Payment => {
  const checked = paymentOf({ recipient: RECIPIENT, amount: '12.5', network: 'eip155:31337', asset: TOKEN, symbol: 'ADD', decimals: 6 }, 'p1')
  if (!checked.ok) throw new Error(checked.message)
  return checked.payment
}

const reduce = (state: PayState, ...events: AirlockEvent[]) => events.reduce((s, e) => produce(s, (draft) => reducePay(draft, e)), state)
const requested = () => reduce(initialPayState, createEvent('PAY_REQUESTED', { payment: payment() }))
const choosing = () => reduce(requested(), createEvent('PAY_EXCHANGES_RECEIVED', { id: 'p1', exchanges: EXCHANGES }))

function root(pay: PayState | undefined, connected = true): RootState {
  const caipNetworkId = 'eip155:31337'
  return {
    networks: { activeNamespace: 'eip155', activeCaipNetworkId: caipNetworkId },
    account: { activeNamespace: 'eip155', accounts: connected ? { eip155: { address: PAYER, caipAddress: `${caipNetworkId}:${PAYER}` } } : {} },
    connection: { connectedNamespaces: connected ? ['eip155'] : [] },
    connectors: { activeConnectorIds: { eip155: 'injected' } },
    pay,
  } as unknown as RootState
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0))
const api = (paths: Record<string, PathAnswer>) => apiAnswering(paths)

describe('the request: what a site may ask', () => {
  it('takes a token payment with its symbol and decimals, and the native currency as ETH with 18', () => {
    expect(payment()).toEqual({ id: 'p1', recipient: RECIPIENT, amount: '12.5', network: 'eip155:31337', asset: TOKEN, symbol: 'ADD', decimals: 6 })
    expect(paymentOf({ recipient: RECIPIENT, amount: 0.25, network: 'eip155:1', asset: 'native' }, 'p2')).toMatchObject({
      ok: true,
      payment: { amount: '0.25', symbol: 'ETH', decimals: 18 },
    })
    expect(unitsOf('12.5', 6)).toBe(12_500_000n)
    expect(unitsOf('3', 18)).toBe(3_000_000_000_000_000_000n)
  })

  it('refuses what is wrong with "Invalid payment: …", naming it', () => {
    const good = { recipient: RECIPIENT, amount: '1', network: 'eip155:1', asset: TOKEN, symbol: 'ADD', decimals: 6 }
    const cases: [unknown, string][] = [
      [null, 'expected { recipient, amount, network, asset }'],
      [{ ...good, recipient: 'bob' }, 'recipient is not an address: bob'],
      [{ ...good, network: 'solana:abc' }, 'network must be an eip155 CAIP-2 id: solana:abc'],
      [{ ...good, asset: 'usdc' }, "asset must be 'native' or a token's address: usdc"],
      [{ ...good, symbol: undefined }, 'a token needs its symbol and decimals'],
      [{ ...good, decimals: 2.5 }, 'decimals must be a whole number from 0 to 36: 2.5'],
      [{ ...good, amount: '0' }, 'amount must be a positive decimal: 0'],
      [{ ...good, amount: '-1' }, 'amount must be a positive decimal: -1'],
      [{ ...good, amount: '1e3' }, 'amount must be a positive decimal: 1e3'],
      [{ ...good, amount: '1.1234567' }, 'amount has more than 6 decimals'],
    ]
    for (const [input, message] of cases) expect(paymentOf(input, 'x')).toEqual({ ok: false, message: `Invalid payment: ${message}` })
    // Through the command: the site's promise is failed at once, and nothing is shown.
    expect(payCommands.request(root(undefined), { ...good, amount: '0' }, 'x')).toEqual([
      createEvent('PAY_FAILED', { id: 'x', reason: 'invalid', message: 'Invalid payment: amount must be a positive decimal: 0' }),
    ])
  })
})

describe('the slice and the commands', () => {
  it('follows the held payment and ignores another’s events', () => {
    const state = reduce(
      choosing(),
      createEvent('PAY_FAILED', { id: 'other', reason: 'failed', message: 'no' }),
      createEvent('PAY_EXCHANGE_CHOSEN', { id: 'p1', exchangeId: 'local' }),
    )
    expect([state.step, state.exchangeId, state.message]).toEqual(['opening', 'local', null])
    const done = reduce(
      state,
      createEvent('PAY_EXCHANGE_OPENED', { id: 'p1', exchangeId: 'local', sessionId: 's', url: 'http://x/pay', blocked: false }),
      createEvent('PAY_EXCHANGE_SENDING', { id: 'p1' }),
      createEvent('PAY_SUCCEEDED', {
        id: 'p1',
        method: 'exchange',
        txHash: '0xabc',
        network: 'eip155:31337',
        asset: TOKEN,
        amount: '12.5',
        recipient: RECIPIENT,
      }),
    )
    expect([done.step, done.txHash]).toEqual(['succeeded', '0xabc'])
    // A new request starts over.
    expect(reduce(done, createEvent('PAY_REQUESTED', { payment: { ...payment(), id: 'p2' } }))).toMatchObject({
      step: 'choosing',
      txHash: null,
      exchangeId: null,
    })
  })

  it('chooses an exchange of the list or the wallet only while choosing, the wallet only when connected', () => {
    expect(payCommands.chooseExchange(root(choosing()), 'local')).toEqual([createEvent('PAY_EXCHANGE_CHOSEN', { id: 'p1', exchangeId: 'local' })])
    expect(payCommands.chooseExchange(root(choosing()), 'nope')).toEqual([])
    const opening = reduce(choosing(), createEvent('PAY_EXCHANGE_CHOSEN', { id: 'p1', exchangeId: 'local' }))
    expect(payCommands.chooseExchange(root(opening), 'frozen')).toEqual([])
    expect(payCommands.payFromWallet(root(opening))).toEqual([])
    expect(payCommands.payFromWallet(root(choosing()))).toEqual([createEvent('PAY_WALLET_CHOSEN', { id: 'p1' })])
    expect(payCommands.payFromWallet(root(choosing(), false))).toEqual([])
  })
})

describe('the exchanges', () => {
  it('reads the exchanges for the payment’s network and asset; a failure says why', async () => {
    const asked: unknown[] = []
    for (const [answer, expected] of [
      [() => Promise.resolve({ exchanges: EXCHANGES }), createEvent('PAY_EXCHANGES_RECEIVED', { id: 'p1', exchanges: EXCHANGES })],
      [
        () => Promise.reject(new AirlockError('HTTP status code: 500', { details: 'exchanges are down' })),
        createEvent('PAY_EXCHANGES_FAILED', { id: 'p1', message: 'exchanges are down' }),
      ],
    ] as const) {
      const deps = testDeps({ api: api({ '/v1/exchanges': (call) => (asked.push(call.query), answer()) }) })
      const events$ = new Subject<AirlockEvent>()
      const out: AirlockEvent[] = []
      readExchanges(events$, new BehaviorSubject(root(undefined)), deps).subscribe((e) => out.push(e as AirlockEvent))
      events$.next(createEvent('PAY_REQUESTED', { payment: payment() }))
      await flush()
      expect(out).toEqual([expected])
    }
    expect(asked[0]).toEqual({ network: 'eip155:31337', asset: TOKEN })
  })
})

describe('paying with an exchange: the page in a popup, the status polled to its end', () => {
  const popup = () => ({ opener: {} as unknown, closed: false, location: { href: 'about:blank' }, close() {} })

  function run(statuses: (() => Promise<unknown>)[], opened: ReturnType<typeof popup> | null = popup(), url = 'http://127.0.0.1:9/pay?session=s') {
    const order: string[] = []
    const bodies: unknown[] = []
    let reads = 0
    const deps = testDeps({
      api: api({
        '/v1/exchanges/pay-url': (call) => (order.push('api'), bodies.push(call.body), Promise.resolve({ url, sessionId: 's' })),
        '/v1/exchanges/status': () => statuses[Math.min(reads++, statuses.length - 1)]!(),
      }),
      openWindow: () => (order.push('open'), opened as unknown as Window),
    })
    const events$ = new Subject<AirlockEvent>()
    const out: AirlockEvent[] = []
    payWithExchange(events$, new BehaviorSubject(root(choosing())), deps).subscribe((e) => out.push(e as AirlockEvent))
    events$.next(createEvent('PAY_EXCHANGE_CHOSEN', { id: 'p1', exchangeId: 'local' }))
    /** Virtual time moves one poll at a time, each answer awaited. */
    const polls = async (n: number) => {
      for (let i = 0; i < n; i++) {
        deps.scheduler.maxFrames = deps.scheduler.frame + PAY_STATUS_POLL_MS
        deps.scheduler.flush()
        await flush()
      }
    }
    return { deps, out, order, bodies, polls, reads: () => reads }
  }
  const answer =
    (status: string, extra: Record<string, string> = {}) =>
    () =>
      Promise.resolve({ status, ...extra })

  it('opens the popup before asking for the page, cuts its opener, sends it there, and resolves on SUCCESS with the hash; then polls no more', async () => {
    const window = popup()
    const { out, order, bodies, polls, reads } = run(
      [answer('UNKNOWN'), answer('IN_PROGRESS'), answer('IN_PROGRESS'), answer('SUCCESS', { txHash: '0xfeed' })],
      window,
    )
    expect(order).toEqual(['open', 'api'])
    expect(window.opener).toBeNull()
    expect(bodies).toEqual([{ exchangeId: 'local', network: 'eip155:31337', asset: TOKEN, amount: '12.5', recipient: RECIPIENT }])
    await flush()
    expect(window.location.href).toBe('http://127.0.0.1:9/pay?session=s')
    await polls(6)
    expect(out).toEqual([
      createEvent('PAY_EXCHANGE_OPENED', { id: 'p1', exchangeId: 'local', sessionId: 's', url: 'http://127.0.0.1:9/pay?session=s', blocked: false }),
      createEvent('PAY_EXCHANGE_SENDING', { id: 'p1' }),
      createEvent('PAY_SUCCEEDED', {
        id: 'p1',
        method: 'exchange',
        txHash: '0xfeed',
        network: 'eip155:31337',
        asset: TOKEN,
        amount: '12.5',
        recipient: RECIPIENT,
        exchangeId: 'local',
      }),
    ])
    expect(reads()).toBe(4)
  })

  it('FAILED at the exchange fails the payment with its reason (or a plain one)', async () => {
    const a = run([answer('IN_PROGRESS'), answer('FAILED', { message: 'Frozen Exchange could not send the payment: insufficient funds' })])
    await flush()
    await a.polls(4)
    expect(a.out.at(-1)).toEqual(
      createEvent('PAY_FAILED', { id: 'p1', reason: 'failed', message: 'Frozen Exchange could not send the payment: insufficient funds' }),
    )
    expect(a.reads()).toBe(2)
    const b = run([answer('FAILED')])
    await flush()
    await b.polls(2)
    expect(b.out.at(-1)).toEqual(createEvent('PAY_FAILED', { id: 'p1', reason: 'failed', message: EXCHANGE_FAILED }))
  })

  it('a status unreadable three times running fails it; fewer do not', async () => {
    const down = () => Promise.reject(new AirlockError('HTTP status code: 502', { category: ErrorCategory.NETWORK, details: 'the exchange is down' }))
    const a = run([down, down, answer('UNKNOWN'), down, down, down])
    await flush()
    await a.polls(8)
    expect(a.out.map((e) => e.type)).toEqual(['PAY_EXCHANGE_OPENED', 'PAY_FAILED'])
    expect(a.out[1]).toEqual(createEvent('PAY_FAILED', { id: 'p1', reason: 'failed', message: 'the exchange is down' }))
    expect(a.reads()).toBe(6)
  })

  it('a payment the exchange never settles fails after PAY_TIMEOUT_MS', async () => {
    const a = run([answer('UNKNOWN')])
    await flush()
    a.deps.scheduler.maxFrames = PAY_TIMEOUT_MS - 1
    a.deps.scheduler.flush()
    await flush()
    expect(a.out.map((e) => e.type)).toEqual(['PAY_EXCHANGE_OPENED'])
    a.deps.scheduler.maxFrames = PAY_TIMEOUT_MS + 1
    a.deps.scheduler.flush()
    await flush()
    expect(a.out.at(-1)).toEqual(createEvent('PAY_FAILED', { id: 'p1', reason: 'failed', message: TIMED_OUT }))
  })

  it('a blocked popup leaves the page as a link; an answer that is no web page is not opened', async () => {
    const blocked = run([answer('UNKNOWN')], null)
    await flush()
    expect(blocked.out[0]).toMatchObject({ type: 'PAY_EXCHANGE_OPENED', payload: { blocked: true, url: 'http://127.0.0.1:9/pay?session=s' } })
    const window = popup()
    const evil = run([answer('UNKNOWN')], window, 'javascript:alert(1)')
    await flush()
    expect(window.location.href).toBe('about:blank')
    expect(evil.out).toEqual([createEvent('PAY_FAILED', { id: 'p1', reason: 'failed', message: NOT_A_PAGE })])
  })
})

describe('paying from the wallet', () => {
  function connection(overrides: Partial<WalletConnection> = {}): WalletConnection & { sent: unknown[] } {
    const sent: unknown[] = []
    return {
      namespace: 'eip155',
      connectorId: 'injected',
      address: PAYER,
      caipNetworkId: 'eip155:31337',
      caipAddress: `eip155:31337:${PAYER}`,
      request: () => Promise.reject(new Error('unused')),
      signMessage: () => Promise.reject(new Error('unused')),
      sendTransfer: (transfer) => (sent.push(transfer), Promise.resolve('0xbeef')),
      sent,
      ...overrides,
    }
  }
  async function run(wallet: WalletConnection) {
    const deps = testDeps({ wallet: walletWith(wallet) })
    const events$ = new Subject<AirlockEvent>()
    const out: AirlockEvent[] = []
    payWithWallet(events$, new BehaviorSubject(root(choosing())), deps).subscribe((e) => out.push(e as AirlockEvent))
    events$.next(createEvent('PAY_WALLET_CHOSEN', { id: 'p1' }))
    await flush()
    return out
  }

  it('sends exactly the amount in the token’s units to the recipient', async () => {
    const wallet = connection()
    expect(await run(wallet)).toEqual([
      createEvent('PAY_SUCCEEDED', {
        id: 'p1',
        method: 'wallet',
        txHash: '0xbeef',
        network: 'eip155:31337',
        asset: TOKEN,
        amount: '12.5',
        recipient: RECIPIENT,
      }),
    ])
    expect(wallet.sent).toEqual([{ to: RECIPIENT, amount: 12_500_000n, token: TOKEN }])
  })

  it('a wallet on another network, or one that declines, fails the payment with the reason', async () => {
    expect(await run(connection({ caipNetworkId: 'eip155:1' }))).toEqual([createEvent('PAY_FAILED', { id: 'p1', reason: 'failed', message: NOT_CONNECTED })])
    const declined = connection({
      sendTransfer: () => Promise.reject(new AirlockError('User rejected the request.', { category: ErrorCategory.USER_REJECTED })),
    })
    expect(await run(declined)).toEqual([createEvent('PAY_FAILED', { id: 'p1', reason: 'failed', message: 'User rejected the request.' })])
  })
})

describe('closing the modal', () => {
  it('cancels a payment still being chosen, not one under way', () => {
    for (const [state, expected] of [
      [choosing(), [createEvent('PAY_FAILED', { id: 'p1', reason: 'cancelled', message: CANCELLED })]],
      [reduce(choosing(), createEvent('PAY_EXCHANGE_CHOSEN', { id: 'p1', exchangeId: 'local' })), []],
      [reduce(choosing(), createEvent('PAY_FAILED', { id: 'p1', reason: 'failed', message: 'x' })), []],
    ] as const) {
      const events$ = new Subject<AirlockEvent>()
      const out: AirlockEvent[] = []
      cancelOnClose(events$, new BehaviorSubject(root(state)), testDeps()).subscribe((e) => out.push(e as AirlockEvent))
      events$.next(createEvent('MODAL_CLOSE', { connected: true }))
      expect(out).toEqual(expected)
    }
  })
})

describe('strings', () => {
  it('has a German text for every English key, with the same placeholders', () => {
    expect(Object.keys(de).sort()).toEqual(Object.keys(en).sort())
    for (const key of Object.keys(en) as (keyof typeof en)[]) expect(de[key].match(/\{\w+\}/g) ?? []).toEqual(en[key].match(/\{\w+\}/g) ?? [])
  })
})
