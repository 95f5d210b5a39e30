/**
 * The send plugin's effects, reaching the world through their deps only: the receiver's name
 * looked up (`api.profile`, `api.identity`), the fee read from the chain and the transfer sent
 * through the wallet (`wallet.connection().estimateTransferFee` / `sendTransfer`: the chain
 * adapter builds the namespace's transfer, SPEC §4 "a per-namespace send"). A chunk of their own:
 * the module's trigger (index.ts) loads them at the form's first step.
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
  transactionSettled,
  type Effect,
  AirlockError,
  ofType,
  createEvent,
  type AirlockEvent,
  type RootState,
  type BlockchainApi,
  type TransferRequest,
  type WalletAccess,
  goBackToIndex,
  selectHistory,
  selectView,
  chainFailure,
  failureMessage,
  errorMessage,
  type PortDeps,
} from 'airlock/plugin'
import { tokenDecimals } from './amount'
import { formatTokenAmount, parseTokenAmount } from './baseUnits'
import type { SendFailure } from './events'
import { profileAddress, profileAvatar } from './receiver'
import { feeKey, selectSendForm, tokenContract, type SendForm } from './selectors'
import { SEND_MESSAGES } from './validation'
import { en } from './strings'
import { sendFailed } from './failed'

/** How long typing pauses before a name is looked up (SPEC §9 search minimum wait). */
export const RESOLVE_WAIT_MS = 300

async function resolveName(api: BlockchainApi, text: string, caipNetworkId: string): Promise<AirlockEvent> {
  let profile
  try {
    profile = await api.profile({ name: text })
  } catch (error) {
    // The API's 404: nobody holds the name. Any other failure is SPEC §8's "Error resolving name", not "no address".
    if ((error as { code?: unknown }).code === 404) return createEvent('SEND_RECEIVER_NOT_FOUND', { text })
    return createEvent('SEND_RECEIVER_LOOKUP_FAILED', { text, message: en['errors.resolveName'], details: errorMessage(error) })
  }
  const address = profileAddress(profile, caipNetworkId)
  if (!address) return createEvent('SEND_RECEIVER_NOT_FOUND', { text })
  const imageUrl = profileAvatar(profile) ?? (await api.identity({ address }).catch(() => null))?.avatar ?? null
  return createEvent('SEND_RECEIVER_RESOLVED', { text, address, name: profile.name, imageUrl })
}

/** An address's name and avatar, if the identity service knows it; nothing otherwise. */
async function identify(api: BlockchainApi, address: string, sender: string | null): Promise<AirlockEvent[]> {
  const identity = await api.identity({ address, ...(sender && { sender }) }).catch(() => null)
  const name = identity?.name ?? null
  const imageUrl = identity?.avatar ?? null
  return name === null && imageUrl === null ? [] : [createEvent('SEND_RECEIVER_RESOLVED', { text: address, address, name, imageUrl })]
}

/** The receiver typed: a name is looked up once typing pauses; an address's name and avatar are asked for. The latest input wins. */
export const resolveReceiver: Effect<PortDeps> = (events$, state$, { api, scheduler }) =>
  events$.pipe(
    ofType('SEND_RECEIVER_ENTERED'),
    withLatestFrom(state$),
    switchMap(([{ payload }, state]): Observable<AirlockEvent> => {
      const form = selectSendForm(state)
      const network = form.network
      if (!network) return EMPTY
      if (payload.kind === 'name') return timer(RESOLVE_WAIT_MS, scheduler).pipe(switchMap(() => resolveName(api, payload.text, network.caipNetworkId)))
      if (payload.kind === 'address') return from(identify(api, payload.text, form.address)).pipe(mergeMap((events) => events))
      return EMPTY
    }),
  )

/** The transfer the form's fee is read for: to the receiver (the sender itself until there is one), the whole balance of a token. */
function feeRequest(form: SendForm): { readonly key: string; readonly request: TransferRequest } | null {
  const { token, caipAddress, address, send } = form
  if (!form.supported || !token || caipAddress === null || address === null) return null
  const contract = tokenContract(token)
  const decimals = tokenDecimals(token.quantity.decimals)
  // The gas of a token transfer depends on moving a non-zero amount: the balance is one the chain accepts.
  const balance = decimals === null ? null : parseTokenAmount(token.quantity.numeric, decimals)
  const amount = contract === undefined || balance === null ? 0n : balance
  return {
    key: feeKey(caipAddress, token, send.receiverAddress),
    request: { to: send.receiverAddress ?? address, amount, ...(contract !== undefined && { token: contract }) },
  }
}

/** Read the fee whenever the transfer it depends on changes (account, token, receiver). */
export const estimateFee: Effect<PortDeps> = (_events$, state$, { wallet }) =>
  state$.pipe(
    map((state) => feeRequest(selectSendForm(state))),
    distinctUntilChanged((a, b) => a?.key === b?.key),
    switchMap((wanted) => {
      if (wanted === null) return EMPTY
      const { key, request } = wanted
      return defer(async () => {
        const estimate = wallet.connection()?.estimateTransferFee
        if (!estimate) throw new AirlockError(SEND_MESSAGES.unsupportedChain, { details: 'The connection has no transfers' })
        return estimate(request)
      }).pipe(
        map(({ fee, maxFee }) => createEvent('SEND_FEE_ESTIMATED', { key, fee: fee.toString(), maxFee: maxFee.toString() })),
        catchError(() => of(createEvent('SEND_FEE_FAILED', { key }))),
      )
    }),
  )

/** After a send landed: back to Account, if the visitor is still on the send views. */
const backToAccount: Command = (state: RootState) => {
  const index = selectHistory(state).findIndex((route) => route.view === 'Account')
  const view = selectView(state)
  return index >= 0 && (view === 'WalletSend' || view === 'WalletSendPreview') ? goBackToIndex(state, index) : []
}

function failed(form: SendForm, reason: SendFailure, message: string, at: number, detail?: string): AirlockEvent[] {
  const base = { caipNetworkId: form.network?.caipNetworkId ?? null, token: form.token?.symbol ?? null, amount: form.send.sendTokenAmount }
  return sendFailed(base, reason, message, at, detail)
}

function send(form: SendForm, wallet: WalletAccess, now: () => number): Observable<AirlockEvent | Command> {
  const { token, send: state } = form
  if (form.problem) return from(failed(form, form.problem, SEND_MESSAGES[form.problem], now()))
  const connection = wallet.connection()
  if (!token || !connection?.sendTransfer || state.receiverAddress === null || state.sendTokenAmount === null) {
    return from(failed(form, 'unsupportedChain', SEND_MESSAGES.unsupportedChain, now()))
  }
  const decimals = tokenDecimals(token.quantity.decimals)!
  const units = parseTokenAmount(state.sendTokenAmount, decimals)!
  const amount = formatTokenAmount(units, decimals)
  const contract = tokenContract(token)
  const receiver = state.receiverAddress
  const values = { amount, symbol: token.symbol }
  return concat(
    of(createEvent('NOTIFICATION_REQUESTED', { variant: 'loading', key: 'send.sendingBanner', values })),
    defer(() => connection.sendTransfer!({ to: receiver, amount: units, ...(contract !== undefined && { token: contract }) })).pipe(
      mergeMap((hash): (AirlockEvent | Command)[] => [
        createEvent('SEND_SUCCESS', {
          caipNetworkId: connection.caipNetworkId,
          token: token.symbol,
          tokenAddress: contract ?? null,
          amount,
          receiver,
          hash,
        }),
        transactionSettled(connection.caipNetworkId, hash, 'send'),
        createEvent('NOTIFICATION_REQUESTED', { variant: 'success', key: 'send.sent', values }),
        backToAccount,
      ]),
      catchError((error: unknown) => {
        const reason = chainFailure(error)
        const message = failureMessage(error)
        return from(failed(form, reason, message, now(), reason === 'failed' ? message : undefined))
      }),
    ),
  )
}

/**
 * The visitor's Send (SPEC §4 "Send: loading, then a per-namespace send, then reset"): the form is
 * checked (SPEC §5, §8 messages), then the wallet is asked and the transfer waited for. Landed:
 * SEND_SUCCESS (public; the form resets, the tokens plugin reads the balances again), a success
 * banner, back to Account. Failed: SEND_ERROR (public), USER_REJECTED too when the visitor
 * declined (4001), an error banner naming the kind of failure. One send at a time.
 */
export const sendOnRequest: Effect<PortDeps> = (events$, state$, { wallet, clock }) =>
  events$.pipe(
    ofType('SEND_REQUESTED'),
    withLatestFrom(state$),
    exhaustMap(([, state]) => send(selectSendForm(state), wallet, () => clock.now())),
  )

/**
 * Every effect of the plugin, as one: what the module's trigger hands the events to once loaded.
 *
 * ```ts
 * lazyEffects({ what: 'send', needs, load: () => import('./effects'), effect: (chunk) => chunk.sendEffects })
 * ```
 */
export const sendEffects: Effect<PortDeps> = (events$, state$, deps) =>
  merge(resolveReceiver(events$, state$, deps), estimateFee(events$, state$, deps), sendOnRequest(events$, state$, deps))
