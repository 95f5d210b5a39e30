/**
 * The swap plugin without a browser: its reducer and selectors over a kernel with the core (SPEC §3
 * the form, §4 reset on a network switch, §9 slippage 1), and its effects with fake ports (an
 * in-memory Blockchain API and wallet): the debounced quote (SPEC §9 300 ms), approve then swap
 * through the wallet port, SWAP_SUCCESS / SWAP_ERROR / USER_REJECTED (4001), and SPEC §5's refusals
 * with §8's exact words.
 */
import { describe, expect, it } from 'vitest'
import { BehaviorSubject, Subject, type Observable } from 'rxjs'
import { ethereum, polygon } from 'airlock'
import { apiAnswering, createTestKernel, testDeps, walletWith, type PathAnswer, type TestKernel } from 'airlock/testing'
import { createEvent, type AirlockEvent, type RootState, type Command, type TransactionRequest, type WalletConnection, servedNetworks } from 'airlock/plugin'
import swapModule from './index'
import type { ConvertTransaction } from './api'
import { swapCommands } from './commands'
import { loadTokens, quoteOnChange, QUOTE_WAIT_MS, stepsOnRequest, transactionRequest } from './effects'
import { filterTokens, minimumOut, nativeTokenAddress, priceImpact, quoteKey, selectSwapForm, slippageBps } from './selectors'
import { SWAP_MESSAGES, swapApi } from './refusals'
import { SWAP_NETWORKS } from './namespaces'
import { initialSwapState } from './state'
import { swapFailure } from './failure'
import { readSwapBalances } from './balances'
import { fromBaseUnits, toBaseUnits } from './units'

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const ROUTER = '0x1111111111111111111111111111111111111111'
const ETH = 'eip155:1:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'
const ADT = 'eip155:1:0x5FbDB2315678afecb367f032d93F642f64180aa3'
const TOKENS = [
  { name: 'Ether', symbol: 'ETH', address: ETH, decimals: 18, logoUri: 'https://icons.test/eth.svg' },
  { name: 'Airlock Demo Token', symbol: 'ADT', address: ADT, decimals: 18, logoUri: 'https://icons.test/adt.svg' },
]
/** 10 ADT → 0.00664 ETH; 1 ETH → 1495 ADT. */
const QUOTES: Record<string, string> = { [`${ADT}>${ETH}`]: '6640000000000000', [`${ETH}>${ADT}`]: '1495000000000000000000' }

/** 5 ADT held by ADDRESS on eip155:1. */
const ADT_BALANCE = {
  name: 'ADT',
  symbol: 'ADT',
  chainId: 'eip155:1',
  value: 10,
  price: 2,
  quantity: { decimals: '18', numeric: '5' },
  address: ADT,
  iconUrl: '',
}

/** An in-memory Blockchain API answering the convert calls (and the balance); `calls` records them by name. */
function fakeApi(options: { chains?: string[]; allowance?: string } = {}) {
  const calls: { name: string; params: unknown }[] = []
  let allowance = options.allowance ?? '0'
  const tx = (to: string, data: string, value = '0'): ConvertTransaction => ({
    from: ADDRESS,
    to,
    data,
    value,
    eip155: { gas: '150000', gasPrice: '2000000000' },
  })
  const record =
    <P, R>(name: string, answer: (params: P) => R) =>
    async (params: P) => {
      calls.push({ name, params })
      return answer(params)
    }
  /** A path of swap's own (./api), recorded by the name of its call with what it sent: the query of a GET, the body of a POST. */
  const asked =
    <R>(name: string, answer: (params: Record<string, string>) => R): PathAnswer =>
    ({ method, query, body }) =>
      record(name, answer)((method === 'GET' ? query : body) as Record<string, string>)
  const api = apiAnswering(
    {
      '/v1/convert/tokens': asked('convertTokens', () => ({ tokens: TOKENS })),
      '/v1/convert/quotes': asked('convertQuotes', (p) => ({
        quotes: [{ fromAmount: p.amount!, fromAccount: p.from!, toAmount: QUOTES[`${p.from}>${p.to}`]!, toAccount: p.to! }],
      })),
      '/v1/convert/allowance': asked('convertAllowance', () => ({ allowance })),
      '/v1/convert/gas-price': asked('convertGasPrice', () => ({ standard: '1000000000', fast: '1200000000', instant: '1500000000' })),
      '/v1/convert/build-approve': asked('buildConvertApprove', (p) => ({ tx: tx(p.from!.split(':')[2]!, '0x095ea7b3') })),
      '/v1/convert/build-transaction': asked('buildConvertTransaction', (p) => ({ tx: tx(ROUTER, '0x18cbafe5', p.from === ETH ? p.amount : '0') })),
      '/v1/fungible/price': asked('fungiblePrice', () => ({
        fungibles: [
          { name: 'Ether', symbol: 'ETH', iconUrl: '', price: 3000 },
          { name: 'ADT', symbol: 'ADT', iconUrl: '', price: 2 },
        ],
      })),
    },
    {
      supportedChains: record('supportedChains', () => ({ http: options.chains ?? ['eip155:1'] })),
      balance: record('balance', () => ({ balances: [ADT_BALANCE] })),
    },
  )
  return {
    api,
    calls,
    named: (name: string) => calls.filter((c) => c.name === name),
    approveAll: () => void (allowance = (2n ** 256n - 1n).toString()),
  }
}

/** A wallet connection on eip155:1 that records what it sends; `fail` makes sendTransaction throw. */
function fakeConnection(fail?: unknown) {
  const sent: TransactionRequest[] = []
  const waited: string[] = []
  const connection: WalletConnection = {
    namespace: 'eip155',
    connectorId: 'w',
    address: ADDRESS,
    caipNetworkId: 'eip155:1',
    caipAddress: `eip155:1:${ADDRESS}`,
    request: async () => null,
    signMessage: async () => '0x',
    sendTransaction: async (transaction) => {
      if (fail) throw fail
      sent.push(transaction)
      return `0x${String(sent.length).padStart(64, '0')}`
    },
    waitForTransaction: async (id) => void waited.push(id),
  }
  return { connection, sent, waited }
}

/** The kernel with the core and the swap slice (its effects are run by hand here), connected on eip155:1. */
function setup() {
  const kernel = createTestKernel({ options: { projectId: 'p', networks: [ethereum, polygon] }, modules: [{ ...swapModule, effects: {} }] })
  kernel.dispatch(createEvent('CONNECT_SUCCESS', { method: 'browser', name: 'W', namespace: 'eip155', connectorId: 'w', caipAddress: `eip155:1:${ADDRESS}` }))
  kernel.dispatch(
    createEvent('ACCOUNT_CONNECTED', {
      namespace: 'eip155',
      address: ADDRESS,
      caipAddress: `eip155:1:${ADDRESS}`,
      allAccounts: [{ address: ADDRESS, type: 'eoa' }],
      connectedWalletInfo: { name: 'W' },
    }),
  )
  const run = <A extends unknown[]>(command: (state: RootState, ...args: A) => readonly AirlockEvent[], ...args: A) =>
    kernel.dispatch((state: RootState) => command(state, ...args))
  return { kernel, run, form: () => selectSwapForm(kernel.getState()) }
}

/** Runs an effect over the kernel: its events and commands go back in; returns what it emitted. */
function runEffect(kernel: TestKernel, effect: (e: Observable<AirlockEvent>, s: Observable<RootState>) => Observable<AirlockEvent | Command>) {
  const emitted: AirlockEvent[] = []
  const events$ = new Subject<AirlockEvent>()
  const state$ = new BehaviorSubject<RootState>(kernel.getState())
  const unsubscribeState = kernel.state$.subscribe((state) => state$.next(state))
  const unsubscribeEvents = kernel.events$.subscribe((event) => events$.next(event))
  const subscription = effect(events$, state$).subscribe((item) => {
    if (typeof item !== 'function') emitted.push(item)
    kernel.dispatch(item)
  })
  return {
    emitted,
    types: () => emitted.map((e) => e.type),
    stop: () => {
      subscription.unsubscribe()
      unsubscribeState.unsubscribe()
      unsubscribeEvents.unsubscribe()
    },
  }
}

const settle = async (done: () => boolean) => {
  for (let i = 0; i < 200 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 1))
}
/** The Swap view shown (the router's registered views are the plugin host's business). */
const onSwapView = (state: RootState): RootState => ({ ...state, router: { ...state.router, history: [...state.router.history, { view: 'Swap' }] } })

describe('amounts and derived figures (SPEC §9 slippage 1)', () => {
  it('converts typed amounts to base units exactly, refusing too many decimals', () => {
    expect(toBaseUnits('1.5', 6)).toBe(1_500_000n)
    expect(toBaseUnits('.5', 18)).toBe(5n * 10n ** 17n)
    expect(toBaseUnits('1.0000001', 6)).toBeNull()
    expect(toBaseUnits('1e3', 18)).toBeNull()
    expect(toBaseUnits('', 18)).toBeNull()
    expect(fromBaseUnits(1_500_000n, 6)).toBe('1.5')
  })

  it('reads slippage as a percentage from 0 to 50 with two places at most, and the minimum received rounds down', () => {
    expect(slippageBps('1')).toBe(100)
    expect(slippageBps('0.5')).toBe(50)
    expect(slippageBps('50')).toBe(5000)
    expect(slippageBps('51')).toBeNull()
    expect(slippageBps('0.123')).toBeNull()
    expect(slippageBps('-1')).toBeNull()
    expect(minimumOut(1000n, 100)).toBe(990n)
    expect(minimumOut(999n, 100)).toBe(989n)
  })

  it('price impact is the share of USD value lost, never negative', () => {
    expect(priceImpact('10', 2, '0.00664', 3000)).toBeCloseTo(0.4, 6)
    expect(priceImpact('10', 2, '1', 3000)).toBe(0)
    expect(priceImpact('0', 2, '1', 3000)).toBeNull()
  })

  it('the native token is the network’s CAIP-10 0xeee… address, eip155:1’s when there is no network (SPEC §9 native token default)', () => {
    expect(nativeTokenAddress(undefined)).toBe('eip155:1:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee')
    expect(nativeTokenAddress(null)).toBe(ETH)
    expect(nativeTokenAddress({ chainNamespace: 'eip155', id: 137 })).toBe('eip155:137:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee')
    expect(nativeTokenAddress({ chainNamespace: 'eip155', id: 1 })).toBe(ETH)
  })
  it('searches tokens by symbol, name or address', () => {
    expect(filterTokens(TOKENS, 'adt').map((t) => t.symbol)).toEqual(['ADT'])
    expect(filterTokens(TOKENS, 'ether').map((t) => t.symbol)).toEqual(['ETH'])
    expect(filterTokens(TOKENS, '0x5fbdb').map((t) => t.symbol)).toEqual(['ADT'])
    expect(filterTokens(TOKENS, ' ')).toBe(TOKENS)
  })
})

describe('the form (reducer and selectors)', () => {
  it('starts with slippage 1 (SPEC §9), loading tokens, and nothing chosen', () => {
    const { form } = setup()
    expect(form().swap.slippageText).toBe('1')
    expect(form().slippageBps).toBe(100)
    expect(form().tokensStatus).toBe('loading')
    expect(form().supported).toBe(true)
  })

  it('derives amount out, price, impact, minimum received and fee from the quote; flip and choosing the other side swap the tokens', () => {
    const { kernel, run, form } = setup()
    kernel.dispatch(createEvent('SWAP_TOKENS_RECEIVED', { caipNetworkId: 'eip155:1', tokens: TOKENS }))
    kernel.dispatch(createEvent('SWAP_PRICES_RECEIVED', { caipNetworkId: 'eip155:1', prices: { ETH: 3000, ADT: 2 } }))
    expect(form().problem).toBe('chooseTokens')
    run(swapCommands.chooseToken, 'from', ADT)
    run(swapCommands.chooseToken, 'to', ETH)
    expect(form().problem).toBe('enterAmount')
    run(swapCommands.enterAmount, '10')
    const key = quoteKey(`eip155:1:${ADDRESS}`, ADT, ETH, 10n * 10n ** 18n, 0)
    expect(form().key).toBe(key)
    expect(form().quoteStatus).toBe('loading')
    expect(form().ready).toBe(false)
    kernel.dispatch(createEvent('SWAP_QUOTE_RECEIVED', { key, toAmount: '6640000000000000' }))
    expect(form().toAmount).toBe('0.00664')
    expect(Number(form().rate)).toBeCloseTo(0.000664, 9)
    expect(form().priceImpact).toBeCloseTo(0.4, 6)
    expect(form().minReceived).toBe('0.0065736')
    expect(form().fee).toBeNull()
    kernel.dispatch(createEvent('SWAP_DETAILS_RECEIVED', { key, allowance: '0', gas: '100000', gasPrice: '2000000000' }))
    expect(form().fee).toEqual({ amount: '0.0002', symbol: 'ETH', usd: 0.6 })
    expect(form().needsApproval).toBe(true)
    expect(form().ready).toBe(true)
    // Slippage 0.5: a new minimum, the same quote.
    run(swapCommands.enterSlippage, '0.5')
    expect(form().minReceived).toBe('0.0066068')
    run(swapCommands.enterSlippage, '80')
    expect(form().problem).toBe('invalidSlippage')
    run(swapCommands.flip)
    expect([form().from?.symbol, form().to?.symbol]).toEqual(['ETH', 'ADT'])
    run(swapCommands.chooseToken, 'to', ETH)
    expect([form().from?.symbol, form().to?.symbol]).toEqual(['ADT', 'ETH'])
    // The same state gives the same object.
    expect(selectSwapForm(kernel.getState())).toBe(form())
  })

  it('refuses more than the balance and more decimals than the token has', () => {
    const { kernel, run, form } = setup()
    kernel.dispatch(createEvent('SWAP_TOKENS_RECEIVED', { caipNetworkId: 'eip155:1', tokens: TOKENS }))
    run(swapCommands.chooseToken, 'from', ADT)
    run(swapCommands.chooseToken, 'to', ETH)
    kernel.dispatch(createEvent('SWAP_BALANCES_READ', { caipAddress: `eip155:1:${ADDRESS}`, balances: [ADT_BALANCE] }))
    run(swapCommands.enterAmount, '6')
    expect(form().from?.balance).toBe('5')
    expect(form().problem).toBe('insufficientBalance')
    run(swapCommands.enterAmount, '1.0000000000000000001')
    expect(form().problem).toBe('invalidAmount')
  })

  it('resets the form on a network switch (the tokens read stay, per network)', () => {
    const { kernel, run, form } = setup()
    kernel.dispatch(createEvent('SWAP_TOKENS_RECEIVED', { caipNetworkId: 'eip155:1', tokens: TOKENS }))
    run(swapCommands.chooseToken, 'from', ADT)
    run(swapCommands.enterAmount, '10')
    run(swapCommands.enterSlippage, '3')
    kernel.dispatch(createEvent('NETWORK_SWITCHED', { caipNetworkId: 'eip155:137' }))
    const swap = kernel.getState().swap!
    expect({ ...swap, list: null, lastNetwork: null }).toEqual(initialSwapState)
    expect(swap.list?.caipNetworkId).toBe('eip155:1')
    expect(form().from).toBeNull()
  })

  it('Approve and Swap do nothing while a step is under way (a double click sends once)', () => {
    const { kernel, run } = setup()
    const seen: string[] = []
    kernel.events$.subscribe((e) => seen.push(e.type))
    run(swapCommands.approve)
    run(swapCommands.approve)
    run(swapCommands.swap)
    expect(seen.filter((t) => t.startsWith('SWAP_'))).toEqual(['SWAP_APPROVE_REQUESTED'])
  })
})

describe('SPEC §5 refusals, with SPEC §8 words', () => {
  it('refuses swap, swap-calldata and gas price calls on a network the API does not serve, without calling them', async () => {
    const { api, named } = fakeApi({ chains: ['eip155:1'] })
    const swaps = swapApi(api, 'eip155:137', servedNetworks(api))
    await expect(swaps.tokens()).rejects.toThrow(SWAP_MESSAGES.swaps)
    await expect(swaps.quote({ amount: '1', userAddress: ADDRESS, from: ETH, to: ADT })).rejects.toThrow('Network not supported for Swaps')
    await expect(swaps.buildTransaction({ amount: '1', slippage: '1', from: ETH, to: ADT, userAddress: ADDRESS, disableEstimate: false })).rejects.toThrow(
      'Network not supported for Swaps',
    )
    await expect(swaps.buildApprove({ userAddress: ADDRESS, from: ADT, to: ETH })).rejects.toThrow('Network not supported for Swaps')
    await expect(swaps.allowance({ tokenAddress: ADT, userAddress: ADDRESS })).rejects.toThrow('Network not supported for Swaps')
    await expect(swaps.gasPrice()).rejects.toThrow('Network not supported for Gas Price')
    expect(named('convertTokens').length + named('convertQuotes').length + named('convertGasPrice').length + named('buildConvertTransaction').length).toBe(0)
    // The networks are read once.
    expect(named('supportedChains')).toHaveLength(1)
    expect(swapFailure(await swaps.gasPrice().catch((e: unknown) => e))).toBe('unsupportedNetwork')
  })

  it('offers swaps only on SPEC §9’s 12 swap networks among the built-in chains: Celo and Sepolia are refused even when the API serves them, without a call', async () => {
    expect(SWAP_NETWORKS).toHaveLength(12)
    expect(SWAP_NETWORKS.slice(0, 9)).toEqual([1, 10, 56, 100, 137, 324, 8453, 42161, 43114].map((id) => `eip155:${id}`))
    const served = ['eip155:42220', 'eip155:11155111', 'eip155:100', 'eip155:324', 'eip155:1313161554', 'eip155:31337']
    const { api, named } = fakeApi({ chains: served })
    for (const refused of ['eip155:42220', 'eip155:11155111']) {
      const swaps = swapApi(api, refused, servedNetworks(api))
      await expect(swaps.tokens()).rejects.toThrow('Network not supported for Swaps')
      await expect(swaps.gasPrice()).rejects.toThrow('Network not supported for Gas Price')
    }
    expect(named('convertTokens').length + named('convertGasPrice').length).toBe(0)
    // Gnosis, zkSync and Aurora are swap networks; a site's own chain (the demo's 31337) is its API's to serve.
    for (const offered of ['eip155:100', 'eip155:324', 'eip155:1313161554', 'eip155:31337']) await swapApi(api, offered, servedNetworks(api)).tokens()
    expect(named('convertTokens')).toHaveLength(4)
  })
  it('the Swap view on an unsupported network: SWAP_TOKENS_FAILED with "Network not supported for Swaps", the form shows it', async () => {
    const { kernel, form } = setup()
    const { api } = fakeApi({ chains: ['eip155:137'] })
    const deps = testDeps({ api })
    const effect = runEffect(kernel, (e) => loadTokens(e, new BehaviorSubject(onSwapView(kernel.getState())).asObservable(), deps))
    await settle(() => effect.emitted.length > 0)
    effect.stop()
    expect(effect.emitted).toEqual([
      createEvent('SWAP_TOKENS_FAILED', { caipNetworkId: 'eip155:1', message: 'Network not supported for Swaps', unsupported: true }),
    ])
    expect(form().problem).toBe('unsupportedNetwork')
  })
})
describe('effects with fake ports', () => {
  it('reads the balances through the instance’s account-data service while Swap is shown, with no tokens plugin loaded', async () => {
    const { kernel, run, form } = setup()
    kernel.dispatch(createEvent('SWAP_TOKENS_RECEIVED', { caipNetworkId: 'eip155:1', tokens: TOKENS }))
    run(swapCommands.chooseToken, 'from', ADT)
    expect(kernel.getState().tokens).toBeUndefined()
    expect(form().from?.balance).toBeNull()
    const { api, named } = fakeApi()
    const shown = (state: RootState): RootState => ({ ...onSwapView(state), router: { ...onSwapView(state).router, open: true } })
    const effect = runEffect(kernel, (e) => readSwapBalances(e, new BehaviorSubject(shown(kernel.getState())).asObservable(), testDeps({ api })))
    await settle(() => form().from?.balance === '5')
    effect.stop()
    expect(form().from?.balance).toBe('5')
    expect(named('balance')).toEqual([{ name: 'balance', params: { address: ADDRESS, chainId: 'eip155:1', currency: 'usd' } }])
  })

  it('loads the tokens and their prices while the Swap view is shown', async () => {
    const { kernel, form } = setup()
    const { api } = fakeApi()
    const effect = runEffect(kernel, (e) => loadTokens(e, new BehaviorSubject(onSwapView(kernel.getState())).asObservable(), testDeps({ api })))
    await settle(() => effect.emitted.length >= 2)
    effect.stop()
    expect(effect.types()).toEqual(['SWAP_TOKENS_RECEIVED', 'SWAP_PRICES_RECEIVED'])
    expect(form().tokens.map((t) => [t.symbol, t.price])).toEqual([
      ['ETH', 3000],
      ['ADT', 2],
    ])
  })

  it('asks for the quote 300 ms after the form last changed (SPEC §9), once for the latest amount, then the allowance and fee', async () => {
    const { kernel, run, form } = setup()
    kernel.dispatch(createEvent('SWAP_TOKENS_RECEIVED', { caipNetworkId: 'eip155:1', tokens: TOKENS }))
    const { api, named } = fakeApi()
    const deps = testDeps({ api })
    const effect = runEffect(kernel, (e, st) => quoteOnChange(e, st, deps))
    run(swapCommands.chooseToken, 'from', ADT)
    run(swapCommands.chooseToken, 'to', ETH)
    run(swapCommands.enterAmount, '1')
    run(swapCommands.enterAmount, '10')
    expect(named('convertQuotes')).toHaveLength(0)
    // The debounce: nothing before 300 ms.
    deps.scheduler.maxFrames = QUOTE_WAIT_MS - 1
    deps.scheduler.flush()
    expect(named('convertQuotes')).toHaveLength(0)
    deps.scheduler.maxFrames = Number.POSITIVE_INFINITY
    deps.scheduler.flush()
    await settle(() => form().fee !== null)
    effect.stop()
    expect(named('convertQuotes').map((c) => (c.params as { amount: string }).amount)).toEqual(['10000000000000000000'])
    expect(form().toAmount).toBe('0.00664')
    // The allowance is short: the fee shown is the approval's.
    expect(named('buildConvertApprove')).toHaveLength(1)
    expect(named('buildConvertTransaction')).toHaveLength(0)
    expect(form().needsApproval).toBe(true)
    expect(form().fee?.amount).toBe('0.0003')
  })

  it('approve then swap through the wallet port: each transaction sent and waited for; SWAP_SUCCESS with the quote, the form resets', async () => {
    const { kernel, run, form } = setup()
    kernel.dispatch(createEvent('SWAP_TOKENS_RECEIVED', { caipNetworkId: 'eip155:1', tokens: TOKENS }))
    const fake = fakeApi()
    const wallet = fakeConnection()
    const deps = testDeps({ api: fake.api, wallet: walletWith(wallet.connection), clock: { now: () => 42 } })
    const quotes = runEffect(kernel, (e, st) => quoteOnChange(e, st, deps))
    const steps = runEffect(kernel, (e, st) => stepsOnRequest(e, st, deps))
    run(swapCommands.chooseToken, 'from', ADT)
    run(swapCommands.chooseToken, 'to', ETH)
    run(swapCommands.enterAmount, '10')
    deps.scheduler.flush()
    await settle(() => form().ready)
    expect(form().needsApproval).toBe(true)

    run(swapCommands.approve)
    fake.approveAll()
    await settle(() => steps.types().includes('SWAP_APPROVED'))
    expect(wallet.sent).toEqual([{ to: ADT.split(':')[2], data: '0x095ea7b3', value: 0n, gas: 150000n }])
    expect(wallet.waited).toEqual([`0x${'1'.padStart(64, '0')}`])
    // The approval reads the quote and allowance again: now the swap's fee, no approval needed.
    deps.scheduler.flush()
    await settle(() => form().ready && !form().needsApproval)
    expect(fake.named('buildConvertTransaction').at(-1)?.params).toMatchObject({ disableEstimate: false })

    run(swapCommands.swap)
    await settle(() => steps.types().includes('SWAP_SUCCESS'))
    quotes.stop()
    steps.stop()
    expect(wallet.sent[1]).toEqual({ to: ROUTER, data: '0x18cbafe5', value: 0n, gas: 150000n })
    expect(fake.named('buildConvertTransaction').at(-1)?.params).toMatchObject({
      amount: '10000000000000000000',
      eip155: { slippage: '1' },
      from: ADT,
      to: ETH,
      userAddress: ADDRESS,
    })
    expect(steps.emitted.find((e) => e.type === 'SWAP_SUCCESS')?.payload).toEqual({
      caipNetworkId: 'eip155:1',
      fromToken: 'ADT',
      toToken: 'ETH',
      fromAddress: ADT,
      toAddress: ETH,
      fromAmount: '10',
      toAmount: '0.00664',
      hash: `0x${'2'.padStart(64, '0')}`,
    })
    expect(steps.emitted.filter((e) => e.type === 'NOTIFICATION_REQUESTED').map((e) => (e.payload as { key: string }).key)).toEqual([
      'swap.approvingBanner',
      'swap.approvedBanner',
      'swap.swappingBanner',
      'swap.swappedBanner',
    ])
    expect(form().from).toBeNull()
    expect(kernel.getState().swap?.phase).toBe('idle')
  })

  it('a refusal in the wallet (4001) is USER_REJECTED, then SWAP_ERROR with reason rejected, and an error banner', async () => {
    const { kernel, run, form } = setup()
    kernel.dispatch(createEvent('SWAP_TOKENS_RECEIVED', { caipNetworkId: 'eip155:1', tokens: TOKENS }))
    const fake = fakeApi()
    const wallet = fakeConnection(Object.assign(new Error('User rejected the request.'), { code: 4001 }))
    const deps = testDeps({ api: fake.api, wallet: walletWith(wallet.connection), clock: { now: () => 7 } })
    const quotes = runEffect(kernel, (e, st) => quoteOnChange(e, st, deps))
    const steps = runEffect(kernel, (e, st) => stepsOnRequest(e, st, deps))
    run(swapCommands.chooseToken, 'from', ETH)
    run(swapCommands.chooseToken, 'to', ADT)
    run(swapCommands.enterAmount, '1')
    deps.scheduler.flush()
    await settle(() => form().ready)
    expect(form().needsApproval).toBe(false)
    run(swapCommands.swap)
    await settle(() => steps.types().includes('SWAP_ERROR'))
    quotes.stop()
    steps.stop()
    expect(steps.types()).toEqual(['NOTIFICATION_REQUESTED', 'USER_REJECTED', 'SWAP_ERROR', 'NOTIFICATION_REQUESTED'])
    expect(steps.emitted[2]!.payload).toEqual({
      caipNetworkId: 'eip155:1',
      fromToken: 'ETH',
      toToken: 'ADT',
      fromAmount: '1',
      step: 'swap',
      message: 'User rejected the request.',
      reason: 'rejected',
      at: 7,
    })
    expect(kernel.getState().swap?.phase).toBe('idle')
  })

  it('a swap asked for on an unsupported network fails with "Network not supported for Swaps" and builds nothing', async () => {
    const { kernel, run } = setup()
    kernel.dispatch(createEvent('SWAP_TOKENS_FAILED', { caipNetworkId: 'eip155:1', message: SWAP_MESSAGES.swaps, unsupported: true }))
    const fake = fakeApi({ chains: [] })
    const deps = testDeps({ api: fake.api, wallet: walletWith(fakeConnection().connection) })
    const steps = runEffect(kernel, (e, st) => stepsOnRequest(e, st, deps))
    run(swapCommands.swap)
    await settle(() => steps.types().includes('SWAP_ERROR'))
    steps.stop()
    expect(steps.emitted.find((e) => e.type === 'SWAP_ERROR')?.payload).toMatchObject({
      message: 'Network not supported for Swaps',
      reason: 'unsupportedNetwork',
    })
    expect(fake.calls.filter((c) => c.name.startsWith('build'))).toEqual([])
  })

  it('refuses to send a transaction the API built for another address', () => {
    const tx: ConvertTransaction = { from: '0x0000000000000000000000000000000000000001', to: ROUTER, data: '0x', value: '0' }
    expect(() => transactionRequest(tx, ADDRESS)).toThrow('The transaction is not from the connected address')
    expect(() => transactionRequest({ ...tx, from: ADDRESS, value: 'lots' }, ADDRESS)).toThrow('The transaction is malformed')
    expect(transactionRequest({ ...tx, from: ADDRESS.toLowerCase(), value: '5' }, ADDRESS)).toEqual({ to: ROUTER, data: '0x', value: 5n })
  })
})
