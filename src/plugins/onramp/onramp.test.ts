/**
 * The onramp plugin's rules, with fake ports (tests/support/testDeps): SPEC §3 onramp state and
 * quote; SPEC §4 "Onramp quote: loading, then the amount is set, or the error is stored"; SPEC §5
 * "The onramp providers list must be an array of strings, otherwise it is empty"; SPEC §7 "Onramp
 * options fail: built-in defaults are used" and "Quote fails: a placeholder quote equal to the
 * entered amount is returned"; SPEC §9 onramp defaults and limits. The widget's popup is opened in
 * the click's own turn. (The real service and Chromium: services/onramp, tests/e2e/onramp.test.ts.)
 */
import { describe, expect, it } from 'vitest'
import { BehaviorSubject, Subject } from 'rxjs'
import { produce } from 'immer'
import { testDeps } from '../../../tests/support/testDeps'
import { createEvent, type AirlockEvent, type RootState, AirlockError } from 'airlock/plugin'
import { apiAnswering, type PathAnswer } from 'airlock/testing'
import type { OnrampOptions } from './api'
import { DEFAULT_PAYMENT_CURRENCIES, DEFAULT_PURCHASE_CURRENCIES } from './defaults'
import type { PurchaseCurrency } from './events'
import { amountProblem, selectBuyForm } from './selectors'
import { initialOnrampState, reduceOnramp, type OnrampState } from './state'
import { providersOf, quoteOrder, readOptions, QUOTE_WAIT_MS } from './effects'
import { openWidget, ONRAMP_POPUP_POLL_MS, ORDER_INCOMPLETE } from './widget'
import { onrampCommands } from './commands'
import { en } from './strings'
import de from './locales/de'

const ADDRESS = '0x000000000000000000000000000000000000bEEF'
const ADD: PurchaseCurrency = {
  id: 'airlock-add',
  name: 'Airlock Demo Dollar',
  symbol: 'ADD',
  networks: [{ name: 'airlock-local', display_name: 'Airlock Local', chain_id: '31337', contract_address: '0x00000000000000000000000000000000000000AD' }],
}
const OPTIONS: OnrampOptions = { purchaseCurrencies: [ADD, ...DEFAULT_PURCHASE_CURRENCIES], paymentCurrencies: DEFAULT_PAYMENT_CURRENCIES }

/** The parts of the root state the plugin reads: the active network (`chainId`), its connected account and the slice. */
function root(onramp: OnrampState, chainId = 31337): RootState {
  const caipNetworkId = `eip155:${chainId}`
  const network = { caipNetworkId, chainNamespace: 'eip155', name: `Chain ${chainId}`, id: chainId }
  return {
    networks: { activeNamespace: 'eip155', activeCaipNetworkId: caipNetworkId, unsupportedNetwork: null, byNamespace: { eip155: { networks: [network] } } },
    account: { activeNamespace: 'eip155', accounts: { eip155: { address: ADDRESS, caipAddress: `${caipNetworkId}:${ADDRESS}` } } },
    connection: { connectedNamespaces: ['eip155'] },
    connectors: { activeConnectorIds: { eip155: 'injected' } },
    onramp,
  } as unknown as RootState
}

const reduce = (state: OnrampState, ...events: AirlockEvent[]) => events.reduce((s, e) => produce(s, (draft) => reduceOnramp(draft, e)), state)
const optionsReceived = (options = OPTIONS, providers: string[] = ['coinbase']) =>
  createEvent('ONRAMP_OPTIONS_RECEIVED', {
    purchaseCurrencies: options.purchaseCurrencies,
    paymentCurrencies: options.paymentCurrencies,
    providers,
    defaults: false,
  })
const withAmount = (text: string) => reduce(initialOnrampState, optionsReceived(), createEvent('ONRAMP_AMOUNT_ENTERED', { text }))

/** An api whose on-ramp paths (SPEC §7) answer with the given functions; every other call is unused here. */
const api = (answers: { options?: PathAnswer; quote?: PathAnswer; url?: PathAnswer }) =>
  apiAnswering({
    ...(answers.options && { '/v1/onramp/options': answers.options }),
    ...(answers.quote && { '/v1/onramp/quote': answers.quote }),
    ...(answers.url && { '/v1/generators/onrampurl': answers.url }),
  })
const flush = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('SPEC §7 options: the API’s, or the SPEC §9 defaults when the call fails', () => {
  it('the options call failing gives the SPEC §9 defaults: USDC on Ethereum and Polygon, USD and EUR with the card and bank limits', async () => {
    const deps = testDeps({ api: api({ options: () => Promise.reject(new AirlockError('HTTP status code: 500')) }) })
    const events$ = new Subject<AirlockEvent>()
    const out: AirlockEvent[] = []
    readOptions(events$, new BehaviorSubject(root(initialOnrampState)), deps).subscribe((e) => out.push(e as AirlockEvent))
    events$.next(createEvent('ONRAMP_OPENED', {}))
    await flush()
    expect(out).toEqual([
      createEvent('ONRAMP_OPTIONS_RECEIVED', {
        purchaseCurrencies: DEFAULT_PURCHASE_CURRENCIES,
        paymentCurrencies: DEFAULT_PAYMENT_CURRENCIES,
        providers: [],
        defaults: true,
      }),
    ])
    const usdc = DEFAULT_PURCHASE_CURRENCIES[0]!
    expect([usdc.symbol, usdc.networks.map((n) => n.display_name)]).toEqual(['USDC', ['Ethereum', 'Polygon']])
    expect(DEFAULT_PAYMENT_CURRENCIES.map((c) => [c.id, c.payment_method_limits])).toEqual(
      ['USD', 'EUR'].map((id) => [
        id,
        [
          { id: 'card', min: '10.00', max: '7500.00' },
          { id: 'bank', min: '10.00', max: '25000.00' },
        ],
      ]),
    )
    // On Ethereum the defaults offer USDC; on a chain they do not list, nothing.
    const state = reduce(initialOnrampState, out[0]!)
    expect(selectBuyForm(root(state, 1)).purchaseOptions.map((o) => `${o.currency.symbol}@${o.network.name}`)).toEqual(['USDC@ethereum'])
    expect(selectBuyForm(root(state, 137)).purchase?.network.name).toBe('polygon')
    expect(selectBuyForm(root(state, 31337)).purchaseOptions).toEqual([])
  })

  it('SPEC §5: the providers list is an array of strings, otherwise it is empty', async () => {
    expect(providersOf({ providers: ['coinbase', 'local'] })).toEqual(['coinbase', 'local'])
    expect(providersOf({ providers: 'coinbase' })).toEqual([])
    expect(providersOf({ providers: ['coinbase', 3] })).toEqual([])
    expect(providersOf({ providers: { coinbase: true } })).toEqual([])
    expect(providersOf({})).toEqual([])
    expect(providersOf(null)).toEqual([])
    // Through the effect: the answer's list, decoded.
    for (const [providers, expected] of [
      [['coinbase'], ['coinbase']],
      [42, []],
    ] as const) {
      const deps = testDeps({ api: api({ options: () => Promise.resolve({ ...OPTIONS, providers }) }) })
      const events$ = new Subject<AirlockEvent>()
      const out: AirlockEvent[] = []
      readOptions(events$, new BehaviorSubject(root(initialOnrampState)), deps).subscribe((e) => out.push(e as AirlockEvent))
      events$.next(createEvent('ONRAMP_OPENED', {}))
      await flush()
      expect(out).toMatchObject([{ type: 'ONRAMP_OPTIONS_RECEIVED', payload: { providers: expected, defaults: false } }])
      expect(reduce(initialOnrampState, out[0]!).selectedProvider).toBe(expected[0] ?? null)
    }
  })

  it('reads the options once: a second opening asks nothing more', async () => {
    let calls = 0
    const deps = testDeps({ api: api({ options: () => (calls++, Promise.resolve(OPTIONS)) }) })
    const events$ = new Subject<AirlockEvent>()
    const ready = reduce(initialOnrampState, optionsReceived())
    readOptions(events$, new BehaviorSubject(root(ready)), deps).subscribe()
    events$.next(createEvent('ONRAMP_OPENED', {}))
    await flush()
    expect(calls).toBe(0)
  })
})

describe('SPEC §9 limits: the amount against the card limits of the payment currency', () => {
  it('names the first problem with the amount', () => {
    const card = { min: '10.00', max: '7500.00' }
    expect(amountProblem('', card)).toBe('amountRequired')
    expect(amountProblem('abc', card)).toBe('invalidAmount')
    expect(amountProblem('10.001', card)).toBe('invalidAmount')
    expect(amountProblem('0', card)).toBe('invalidAmount')
    expect(amountProblem('9.99', card)).toBe('belowMin')
    expect(amountProblem('10', card)).toBeNull()
    expect(amountProblem('7500.00', card)).toBeNull()
    expect(amountProblem('7500.01', card)).toBe('aboveMax')
    // The form reads the card limits of the chosen currency; an amount with a problem has no order to quote.
    expect(selectBuyForm(root(withAmount('7500.01'))).problem).toBe('aboveMax')
    expect(selectBuyForm(root(withAmount('7500.01'))).orderKey).toBeNull()
    expect(selectBuyForm(root(withAmount('100'))).orderKey).toBe('airlock-add|airlock-local|USD|100')
    expect(selectBuyForm(root(withAmount('100'))).limits).toEqual(card)
  })

  it('Continue opens nothing while the amount has a problem', () => {
    expect(onrampCommands.buy(root(initialOnrampState))).toEqual([])
    expect(onrampCommands.buy(root(withAmount('50')))).toEqual([createEvent('ONRAMP_WIDGET_REQUESTED', {})])
    const opened: string[] = []
    const events$ = new Subject<AirlockEvent>()
    const out: AirlockEvent[] = []
    openWidget(events$, new BehaviorSubject(root(withAmount('5'))), testDeps({ openWindow: (url) => (opened.push(url), null) })).subscribe((e) =>
      out.push(e as AirlockEvent),
    )
    events$.next(createEvent('ONRAMP_WIDGET_REQUESTED', {}))
    expect(opened).toEqual([])
    expect(out).toEqual([createEvent('ONRAMP_WIDGET_FAILED', { message: ORDER_INCOMPLETE })])
  })
})

describe('SPEC §4 quote: loading, then the amount is set, or the error is stored; SPEC §7 placeholder', () => {
  it('the reducer: loading, then the amount; an answer for an older order is dropped', () => {
    const key = 'airlock-add|airlock-local|USD|100'
    const loading = reduce(withAmount('100'), createEvent('ONRAMP_QUOTE_REQUESTED', { key }))
    expect([loading.quotesLoading, loading.purchaseAmount]).toEqual([true, null])
    const quote = { purchaseAmount: { amount: '98', currency: 'ADD' }, coinbaseFee: { amount: '1.90', currency: 'USD' } }
    const stale = reduce(loading, createEvent('ONRAMP_QUOTE_RECEIVED', { key: 'airlock-add|airlock-local|USD|10', quote }))
    expect([stale.quotesLoading, stale.purchaseAmount]).toEqual([true, null])
    const set = reduce(loading, createEvent('ONRAMP_QUOTE_RECEIVED', { key, quote }))
    expect([set.quotesLoading, set.purchaseAmount, set.error]).toEqual([false, '98', null])
    expect(selectBuyForm(root(set)).quote).toEqual(quote)
    // Typing another amount: the quote no longer holds.
    expect(selectBuyForm(root(reduce(set, createEvent('ONRAMP_AMOUNT_ENTERED', { text: '101' })))).quote).toBeNull()
  })

  async function quoted(quote: PathAnswer) {
    const deps = testDeps({ api: api({ quote }) })
    const state$ = new BehaviorSubject(root(withAmount('100')))
    const out: AirlockEvent[] = []
    quoteOrder(new Subject(), state$, deps).subscribe((e) => {
      out.push(e as AirlockEvent)
      state$.next(root(reduce(state$.value.onramp!, e as AirlockEvent)))
    })
    deps.scheduler.flush()
    await flush()
    return { out, state: state$.value.onramp! }
  }

  it('asks once typing pauses, and sets the amount from the answer', async () => {
    const asked: unknown[] = []
    const { out, state } = await quoted(({ body }) => (asked.push(body), Promise.resolve({ purchaseAmount: { amount: '98', currency: 'ADD' } })))
    expect(QUOTE_WAIT_MS).toBe(300)
    expect(asked).toEqual([{ purchaseCurrency: ADD, paymentCurrency: DEFAULT_PAYMENT_CURRENCIES[0], amount: '100', network: 'airlock-local' }])
    expect(out.map((e) => e.type)).toEqual(['ONRAMP_QUOTE_REQUESTED', 'ONRAMP_QUOTE_RECEIVED'])
    expect(state.purchaseAmount).toBe('98')
  })

  it('a failed quote stores the error (the API’s reason) and leaves a placeholder equal to the entered amount', async () => {
    const error = new AirlockError('HTTP status code: 400', { details: 'The minimum card purchase is 10.00 USD' })
    const { out, state } = await quoted(() => Promise.reject(error))
    expect(out.map((e) => e.type)).toEqual(['ONRAMP_QUOTE_REQUESTED', 'ONRAMP_QUOTE_FAILED'])
    expect(state.error).toBe('The minimum card purchase is 10.00 USD')
    expect(state.quote).toEqual({ purchaseAmount: { amount: '100', currency: 'ADD' } })
    expect([state.purchaseAmount, state.quotePlaceholder, state.quotesLoading]).toEqual(['100', true, false])
  })
})

describe('Continue: the widget in a popup opened in the click’s own turn (SPEC §7 onrampurl)', () => {
  type FakePopup = { closed: boolean; opener: unknown; location: { href: string }; close(): void }
  const popup = (): FakePopup => ({ closed: false, opener: {}, location: { href: 'about:blank' }, close() {} })

  function run(answer: () => Promise<{ url: string }>, opened: FakePopup | null) {
    const urlCalls: unknown[] = []
    const order: string[] = []
    const deps = testDeps({
      api: api({ url: ({ body }) => (order.push('api'), urlCalls.push(body), answer()) }),
      openWindow: () => (order.push('open'), opened as unknown as Window),
    })
    const events$ = new Subject<AirlockEvent>()
    const out: AirlockEvent[] = []
    const state = reduce(
      withAmount('100'),
      createEvent('ONRAMP_QUOTE_REQUESTED', { key: 'airlock-add|airlock-local|USD|100' }),
      createEvent('ONRAMP_QUOTE_RECEIVED', { key: 'airlock-add|airlock-local|USD|100', quote: { purchaseAmount: { amount: '98', currency: 'ADD' } } }),
    )
    openWidget(events$, new BehaviorSubject(root(state)), deps).subscribe((e) => out.push(e as AirlockEvent))
    events$.next(createEvent('ONRAMP_WIDGET_REQUESTED', {}))
    return { deps, out, order, urlCalls }
  }

  it('opens the popup before asking for the URL, cuts its opener, sends it to the widget, and reads the purchases when it closes', async () => {
    const window = popup()
    const { deps, out, order, urlCalls } = run(() => Promise.resolve({ url: 'http://127.0.0.1:9/widget?session=s' }), window)
    expect(order).toEqual(['open', 'api'])
    expect(window.opener).toBeNull()
    expect(urlCalls).toEqual([
      {
        destinationWallets: [{ address: ADDRESS, blockchains: ['airlock-local'], assets: ['airlock-add'] }],
        partnerUserId: ADDRESS,
        defaultNetwork: 'airlock-local',
        defaultExperience: 'buy',
        presetFiatAmount: 100,
        presetCryptoAmount: 98,
      },
    ])
    await flush()
    expect(window.location.href).toBe('http://127.0.0.1:9/widget?session=s')
    expect(out.map((e) => e.type)).toEqual(['ONRAMP_WIDGET_OPENED'])
    window.closed = true
    deps.scheduler.maxFrames = ONRAMP_POPUP_POLL_MS * 2
    deps.scheduler.flush()
    expect(out.slice(1)).toEqual([
      createEvent('ONRAMP_WIDGET_CLOSED', {}),
      // The purchase is delivered on the account's chain: what it touched is read again.
      createEvent('TRANSACTION_SETTLED', { namespace: 'eip155', chainId: '31337', hash: null, kind: 'onramp' }),
      createEvent('ONRAMP_PURCHASES_REQUESTED', { account: `eip155:31337:${ADDRESS}` }),
    ])
  })

  it('a blocked popup: the URL is offered as a link', async () => {
    const { out } = run(() => Promise.resolve({ url: 'http://127.0.0.1:9/widget?session=s' }), null)
    await flush()
    expect(out).toMatchObject([{ type: 'ONRAMP_WIDGET_OPENED', payload: { url: 'http://127.0.0.1:9/widget?session=s', blocked: true } }])
  })

  it('an answer that is not a web address is not opened', async () => {
    const window = popup()
    const { out } = run(() => Promise.resolve({ url: 'javascript:alert(1)' }), window)
    await flush()
    expect(window.location.href).toBe('about:blank')
    expect(out).toEqual([createEvent('ONRAMP_WIDGET_FAILED', { message: 'The on-ramp answered no web address' })])
  })
})

describe('strings: every visible text in English and German', () => {
  it('has a German text for every English key, and the SPEC §8 history failure in its words', () => {
    expect(Object.keys(de).sort()).toEqual(Object.keys(en).sort())
    expect(en.recentFailed).toBe('Failed to fetch transactions')
  })
})
