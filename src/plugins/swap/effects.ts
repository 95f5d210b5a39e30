/**
 * The swap plugin's effects, reaching the world through their deps only: the network's tokens and
 * prices, the quote (300 ms after the form last changed, SPEC §9 search minimum wait) with the
 * allowance and the next transaction's fee, and the approval and the swap sent through the wallet
 * (`wallet.connection().sendTransaction`, then `waitForTransaction`). Every convert call goes
 * through `swapApi`, which refuses a network the API does not serve (SPEC §5, §8 words). A chunk of
 * its own: the module's trigger (index.ts) loads it when the Swap view is first shown.
 */
import {
  catchError,
  concat,
  defer,
  distinctUntilChanged,
  EMPTY,
  exhaustMap,
  from,
  map,
  merge,
  mergeMap,
  of,
  switchMap,
  timer,
  withLatestFrom,
  type Observable,
} from 'rxjs'
import {
  type Command,
  type Effect,
  AirlockError,
  ofType,
  createEvent,
  type AirlockEvent,
  type RootState,
  type TransactionRequest,
  type WalletAccess,
  goBackToIndex,
  selectHistory,
  selectView,
  servedNetworks,
  transactionSettled,
  type PortDeps,
} from 'airlock/plugin'
import type { ConvertTransaction } from './api'
import { isNative, selectSwapForm, type SwapForm } from './selectors'
import { SWAP_MESSAGES, swapApi, type SwapApi } from './refusals'
import { swapFailed, swapFailure, failureMessage, type SwapAttempt } from './failure'
import { SWAP_NAMESPACES } from './namespaces'
import { DEFAULT_SLIPPAGE } from './state'
import { fromBaseUnits } from './units'

/** How long the form must rest before a quote is asked for (SPEC §9 search minimum wait). */
export const QUOTE_WAIT_MS = 300

const HEX = /^0x[0-9a-fA-F]*$/
const WHOLE = /^(0x[0-9a-fA-F]+|\d+)$/

/** The EVM details (gas) of a transaction the API built: its field `eip155`, the Blockchain API's name in data, not a namespace picked here. */
// eslint-disable-next-line no-restricted-syntax
const evmDetails = (tx: ConvertTransaction) => tx.eip155

/** The transaction the API built, as the wallet port takes it; refused when it is not the visitor's or not well formed. */
export function transactionRequest(tx: ConvertTransaction, address: string): TransactionRequest {
  if (tx.from.toLowerCase() !== address.toLowerCase())
    throw new AirlockError('The transaction is not from the connected address', { details: `built for ${tx.from}` })
  if (!/^0x[0-9a-fA-F]{40}$/.test(tx.to) || !HEX.test(tx.data)) throw new AirlockError('The transaction is malformed', { details: 'to or data' })
  const evm = evmDetails(tx)
  for (const value of [tx.value, evm?.gas])
    if (value !== undefined && !WHOLE.test(value)) throw new AirlockError('The transaction is malformed', { details: String(value) })
  return { to: tx.to, data: tx.data, value: BigInt(tx.value ?? '0'), ...(evm && { gas: BigInt(evm.gas) }) }
}

/** The network the Swap view is open on (of a namespace that swaps), or null. */
function shownNetwork(state: RootState): string | null {
  const form = selectSwapForm(state)
  if (selectView(state) !== 'Swap' || !form.network || !SWAP_NAMESPACES.includes(form.network.chainNamespace)) return null
  return form.network.caipNetworkId
}

/** While the Swap view is open: the network's tokens (unless read), then their USD prices. */
export const loadTokens: Effect<PortDeps> = (_events$, state$, { api }) => {
  const networks = servedNetworks(api)
  return state$.pipe(
    map(shownNetwork),
    distinctUntilChanged(),
    withLatestFrom(state$),
    switchMap(([caipNetworkId, state]): Observable<AirlockEvent> => {
      if (caipNetworkId === null) return EMPTY
      const list = state.swap?.list
      if (list?.caipNetworkId === caipNetworkId && list.status === 'ready') return EMPTY
      const swaps = swapApi(api, caipNetworkId, networks)
      return defer(() => swaps.tokens()).pipe(
        mergeMap((tokens) =>
          concat(
            of(createEvent('SWAP_TOKENS_RECEIVED', { caipNetworkId, tokens: [...tokens] })),
            defer(() => swaps.prices(tokens.map((t) => t.address))).pipe(
              map((prices) => createEvent('SWAP_PRICES_RECEIVED', { caipNetworkId, prices: { ...prices } })),
              // Without prices the impact is not shown; the swap still works.
              catchError(() => EMPTY),
            ),
          ),
        ),
        catchError((error: unknown) =>
          of(createEvent('SWAP_TOKENS_FAILED', { caipNetworkId, message: failureMessage(error), unsupported: swapFailure(error) === 'unsupportedNetwork' })),
        ),
      )
    }),
  )
}

interface QuoteRequest {
  readonly key: string
  readonly swaps: SwapApi
  readonly params: { readonly amount: string; readonly userAddress: string; readonly from: string; readonly to: string }
  readonly native: boolean
  readonly slippage: string
}

function quoteRequest(form: SwapForm, swaps: (caipNetworkId: string) => SwapApi): QuoteRequest | null {
  const { key, from: fromToken, to, amount, address, network } = form
  if (key === null || !fromToken || !to || amount === null || address === null || !network || !form.supported) return null
  return {
    key,
    swaps: swaps(network.caipNetworkId),
    params: { amount: amount.toString(), userAddress: address, from: fromToken.address, to: to.address },
    native: isNative(fromToken.address),
    slippage: form.slippageBps === null ? DEFAULT_SLIPPAGE : String(form.slippageBps / 100),
  }
}

/** The quote, then the allowance and the next transaction's fee (an approval's while the allowance is short, else the swap's). */
function readQuote({ key, swaps, params, native, slippage }: QuoteRequest): Observable<AirlockEvent> {
  const details = defer(async () => {
    const [gasPrice, allowance] = await Promise.all([
      swaps.gasPrice(),
      native ? Promise.resolve<string | null>(null) : swaps.allowance({ tokenAddress: params.from, userAddress: params.userAddress }),
    ])
    const short = allowance !== null && BigInt(allowance) < BigInt(params.amount)
    const next = short
      ? await swaps.buildApprove({ userAddress: params.userAddress, from: params.from, to: params.to })
      : await swaps.buildTransaction({ ...params, slippage, disableEstimate: false })
    return createEvent('SWAP_DETAILS_RECEIVED', {
      key,
      allowance: allowance ?? params.amount,
      gas: evmDetails(next)?.gas ?? '0',
      gasPrice: evmDetails(next)?.gasPrice ?? gasPrice.standard,
    })
  })
  return concat(defer(() => swaps.quote(params)).pipe(map((quote) => createEvent('SWAP_QUOTE_RECEIVED', { key, toAmount: quote.toAmount }))), details).pipe(
    catchError((error: unknown) => of(createEvent('SWAP_QUOTE_FAILED', { key, message: failureMessage(error) }))),
  )
}

/** Whenever the form's swap changes (account, tokens, amount, an approval): its quote, once the form rests. The latest wins. */
export const quoteOnChange: Effect<PortDeps> = (_events$, state$, { api, scheduler }) => {
  const networks = servedNetworks(api)
  return state$.pipe(
    map((state) => quoteRequest(selectSwapForm(state), (caipNetworkId) => swapApi(api, caipNetworkId, networks))),
    distinctUntilChanged((a, b) => a?.key === b?.key),
    switchMap((request) => (request === null ? EMPTY : timer(QUOTE_WAIT_MS, scheduler).pipe(switchMap(() => readQuote(request))))),
  )
}

const attemptOf = (form: SwapForm): SwapAttempt => ({
  caipNetworkId: form.network?.caipNetworkId ?? null,
  fromToken: form.from?.symbol ?? null,
  toToken: form.to?.symbol ?? null,
  fromAmount: form.amount !== null && form.from ? fromBaseUnits(form.amount, form.from.decimals) : null,
})

/** After a swap landed: back to Account, if the visitor is still on Swap. */
const backToAccount: Command = (state: RootState) => {
  const index = selectHistory(state).findIndex((route) => route.view === 'Account')
  return index >= 0 && selectView(state) === 'Swap' ? goBackToIndex(state, index) : []
}

/** What a step needs: a complete form on the wallet's own network, and a wallet that sends and waits. */
function ready(form: SwapForm, wallet: WalletAccess, step: 'approve' | 'swap') {
  if (form.problem === 'unsupportedNetwork') throw new AirlockError(SWAP_MESSAGES.swaps)
  const connection = wallet.connection()
  const { from: fromToken, to, amount, address, network } = form
  if (!fromToken || !to || amount === null || address === null || !network || form.problem !== null)
    throw new AirlockError('The swap is not ready', { details: form.problem ?? 'no quote yet' })
  if (step === 'swap' && (form.needsApproval || form.toAmount === null)) throw new AirlockError('The swap is not ready', { details: 'approve first' })
  if (!connection?.sendTransaction || !connection.waitForTransaction || connection.caipNetworkId !== network.caipNetworkId)
    throw new AirlockError(SWAP_MESSAGES.swaps, { details: 'The wallet cannot send this network’s transactions' })
  const send = connection.sendTransaction.bind(connection)
  const wait = connection.waitForTransaction.bind(connection)
  return { fromToken, to, amount, address, network, send, wait }
}

function approve(form: SwapForm, deps: PortDeps, swaps: (caipNetworkId: string) => SwapApi): Observable<AirlockEvent | Command> {
  const attempt = attemptOf(form)
  return defer(() => {
    const { fromToken, to, address, network, send, wait } = ready(form, deps.wallet, 'approve')
    return concat(
      of(createEvent('NOTIFICATION_REQUESTED', { variant: 'loading', key: 'swap.approvingBanner', values: { symbol: fromToken.symbol } })),
      defer(async () => {
        const tx = await swaps(network.caipNetworkId).buildApprove({ userAddress: address, from: fromToken.address, to: to.address })
        const hash = await send(transactionRequest(tx, address))
        await wait(hash)
        return hash
      }).pipe(
        mergeMap((hash) => [
          createEvent('SWAP_APPROVED', { token: fromToken.address, hash }),
          createEvent('NOTIFICATION_REQUESTED', { variant: 'success', key: 'swap.approvedBanner', values: { symbol: fromToken.symbol } }),
        ]),
      ),
    )
  }).pipe(catchError((error: unknown) => from(swapFailed(attempt, 'approve', error, deps.clock.now()))))
}

function swap(form: SwapForm, deps: PortDeps, swaps: (caipNetworkId: string) => SwapApi): Observable<AirlockEvent | Command> {
  const attempt = attemptOf(form)
  return defer(() => {
    const { fromToken, to, amount, address, network, send, wait } = ready(form, deps.wallet, 'swap')
    const values = { fromAmount: attempt.fromAmount ?? '', from: fromToken.symbol, to: to.symbol }
    const slippage = String((form.slippageBps ?? 100) / 100)
    return concat(
      of(createEvent('NOTIFICATION_REQUESTED', { variant: 'loading', key: 'swap.swappingBanner', values })),
      defer(async () => {
        const tx = await swaps(network.caipNetworkId).buildTransaction({
          amount: amount.toString(),
          slippage,
          from: fromToken.address,
          to: to.address,
          userAddress: address,
          disableEstimate: false,
        })
        const hash = await send(transactionRequest(tx, address))
        await wait(hash)
        return hash
      }).pipe(
        mergeMap((hash): (AirlockEvent | Command)[] => [
          createEvent('SWAP_SUCCESS', {
            caipNetworkId: network.caipNetworkId,
            fromToken: fromToken.symbol,
            toToken: to.symbol,
            fromAddress: fromToken.address,
            toAddress: to.address,
            fromAmount: attempt.fromAmount ?? '',
            toAmount: form.toAmount ?? '',
            hash,
          }),
          transactionSettled(network.caipNetworkId, hash, 'swap'),
          createEvent('NOTIFICATION_REQUESTED', { variant: 'success', key: 'swap.swappedBanner', values }),
          backToAccount,
        ]),
      ),
    )
  }).pipe(catchError((error: unknown) => from(swapFailed(attempt, 'swap', error, deps.clock.now()))))
}

/**
 * The visitor's "Approve X" and "Swap": each builds its transaction with the API, sends it through
 * the wallet and waits for it to land. Approved: SWAP_APPROVED (the quote and allowance are read
 * again). Swapped: SWAP_SUCCESS (public; the form resets, the tokens and activity plugins read
 * again), a success banner, back to Account. Failed: SWAP_ERROR (public), USER_REJECTED too on
 * 4001, an error banner. One step at a time.
 */
export const stepsOnRequest: Effect<PortDeps> = (events$, state$, deps) => {
  const networks = servedNetworks(deps.api)
  const swaps = (caipNetworkId: string) => swapApi(deps.api, caipNetworkId, networks)
  return merge(events$.pipe(ofType('SWAP_APPROVE_REQUESTED')), events$.pipe(ofType('SWAP_REQUESTED'))).pipe(
    withLatestFrom(state$),
    exhaustMap(([event, state]) => (event.type === 'SWAP_APPROVE_REQUESTED' ? approve : swap)(selectSwapForm(state), deps, swaps)),
  )
}

/**
 * Every effect of the plugin, as one: what the module's trigger hands the events to once loaded.
 *
 * ```ts
 * lazyEffects({ what: 'swap', needs, load: () => import('./effects'), effect: (chunk) => chunk.swapEffects })
 * ```
 */
export const swapEffects: Effect<PortDeps> = (events$, state$, deps) =>
  merge(loadTokens(events$, state$, deps), quoteOnChange(events$, state$, deps), stepsOnRequest(events$, state$, deps))
