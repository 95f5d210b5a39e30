/**
 * The names plugin's effects, reaching the world through their deps only. A chunk of its own: the
 * module's trigger (index.ts) loads it when the visitor first types a name.
 * - Suggestions: once typing pauses (SPEC §9 search minimum wait, 300 ms) a valid label is asked
 *   about (`nameSuggestions`, ./api, SPEC §7); the latest label wins. Failure: "Error fetching name
 *   suggestions" (SPEC §8).
 * - Registration (SPEC §4 "sign message, submit, then show the success view. On failure, return to
 *   the registration view"): the registration message is signed by the wallet of the active
 *   namespace, submitted (`registerName`, ./api, SPEC §7 POST /v1/profile/account), then
 *   REGISTER_NAME_SUCCESS and RegisterAccountNameSuccess; on failure REGISTER_NAME_ERROR with
 *   "Error registering name {name}" (or "Chain is not supported" for a chain with no coin type,
 *   SPEC §5) and the registration view.
 */
import { catchError, defer, EMPTY, exhaustMap, from, map, merge, mergeMap, of, switchMap, timer, withLatestFrom, type Observable } from 'rxjs'
import {
  type Command,
  type Effect,
  AirlockError,
  UserRejectedRequestError,
  ofType,
  createEvent,
  type AirlockEvent,
  type RootState,
  type ChainNamespace,
  replaceView,
  selectView,
  type PortDeps,
  selectActiveNetwork,
} from 'airlock/plugin'
import { nameSuggestions, registerName } from './api'
import { coinTypeOf } from './coinType'
import { NAME_ZONE } from './label'
import { NAME_MESSAGES, registrationFailed } from './messages'
import { newNonce, registrationMessage } from './registrationMessage'
import type { RegisterNameFailure } from './events'

/** How long typing pauses before the name is looked up (SPEC §9 search minimum wait). */
export const SUGGEST_WAIT_MS = 300

/** The suggestions for the label the reducer holds, once typing pauses; nothing for a label that is no name (SPEC §5). */
export const suggestOnInput: Effect<PortDeps> = (events$, state$, { api, scheduler }) =>
  events$.pipe(
    ofType('NAME_LABEL_ENTERED'),
    withLatestFrom(state$),
    switchMap(([, state]): Observable<AirlockEvent> => {
      const lookup = state.names?.lookup
      if (!lookup || lookup.status !== 'loading') return EMPTY
      const { label } = lookup
      return timer(SUGGEST_WAIT_MS, scheduler).pipe(
        switchMap(() => nameSuggestions(api, { name: label, zone: NAME_ZONE })),
        map(({ suggestions }) =>
          createEvent('NAME_SUGGESTIONS_RECEIVED', { label, suggestions: suggestions.map((s) => ({ name: s.name, registered: s.registered ?? false })) }),
        ),
        catchError(() => of(createEvent('NAME_SUGGESTIONS_FAILED', { label, message: NAME_MESSAGES.suggestions }))),
      )
    }),
  )

/** The view after a registration: the success view, or (failed) the registration view, if the visitor is still there. */
const showView =
  (view: 'RegisterAccountName' | 'RegisterAccountNameSuccess'): Command =>
  (state: RootState) => {
    const current = selectView(state)
    return current === 'RegisterAccountName' || current === 'RegisterAccountNameSuccess' ? (current === view ? [] : replaceView(state, view)) : []
  }

const rejected = (error: unknown): boolean =>
  (error instanceof AirlockError && error.walk((e) => e instanceof UserRejectedRequestError || (e as { code?: unknown }).code === 4001) !== null) ||
  (typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 4001)

/** The events of a failed registration: USER_REJECTED first when the visitor declined to sign (4001). */
export function registrationError(name: string, error: unknown): (AirlockEvent | Command)[] {
  const unsupported = error instanceof AirlockError && error.shortMessage === NAME_MESSAGES.unsupportedChain
  const noAccount = error instanceof AirlockError && error.shortMessage === NAME_MESSAGES.noAccount
  const reason: RegisterNameFailure = unsupported ? 'unsupportedChain' : noAccount ? 'noAccount' : rejected(error) ? 'rejected' : 'failed'
  const message = unsupported ? NAME_MESSAGES.unsupportedChain : noAccount ? NAME_MESSAGES.noAccount : registrationFailed(name)
  const details = error instanceof AirlockError ? (error.details ?? error.shortMessage) : error instanceof Error ? error.message : null
  return [
    ...(reason === 'rejected' ? [createEvent('USER_REJECTED', { message: details ?? 'User rejected the request.' })] : []),
    createEvent('REGISTER_NAME_ERROR', { name, message, reason, details }),
    showView('RegisterAccountName'),
  ]
}

async function register(name: string, state: RootState, deps: PortDeps): Promise<(AirlockEvent | Command)[]> {
  const network = selectActiveNetwork(state)
  const namespace = state.networks.activeNamespace as ChainNamespace | null
  const connection = namespace === null ? undefined : deps.wallet.connection(namespace)
  if (!network) throw new AirlockError(NAME_MESSAGES.unsupportedChain, { details: 'No active network' })
  // SPEC §8: no account to sign the registration with.
  if (!connection) throw new AirlockError(NAME_MESSAGES.noAccount, { details: 'No wallet is connected on the active network' })
  const coinType = coinTypeOf(network.id)
  const address = connection.address
  const message = registrationMessage({ name, address, coinType, issuedAt: deps.clock.now(), nonce: newNonce() })
  const signature = await connection.signMessage(message)
  await registerName(deps.api, { coinType, address, message, signature })
  return [createEvent('REGISTER_NAME_SUCCESS', { name, address, caipNetworkId: network.caipNetworkId }), showView('RegisterAccountNameSuccess')]
}

/** Register: sign, submit, then the success view; on failure, the registration view with SPEC §8's message. One at a time. */
export const registerOnRequest: Effect<PortDeps> = (events$, state$, deps) =>
  events$.pipe(
    ofType('REGISTER_NAME_INITIATED'),
    withLatestFrom(state$),
    exhaustMap(([{ payload }, state]) =>
      defer(() => register(payload.name, state, deps)).pipe(
        mergeMap((events) => from(events)),
        catchError((error: unknown) => from(registrationError(payload.name, error))),
      ),
    ),
  )

/**
 * Every effect of the plugin, as one: what the module's trigger hands the events to once loaded.
 *
 * ```ts
 * lazyEffects({ what: 'names', needs, load: () => import('./effects'), effect: (chunk) => chunk.namesEffects })
 * ```
 */
export const namesEffects: Effect<PortDeps> = (events$, state$, deps) => merge(suggestOnInput(events$, state$, deps), registerOnRequest(events$, state$, deps))
