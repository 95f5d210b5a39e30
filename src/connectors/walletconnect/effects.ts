/**
 * The WalletConnect connector's effects (SPEC §4): pair (QR code or deep link) and finalise,
 * follow the session, and restore it after a reload. This module is a chunk of its own: the
 * first load holds only the trigger (./start.ts), which imports it when a visitor picks
 * WalletConnect or a stored session returns, and hands it every event from then on. The relay
 * client is loaded only inside these effects' handlers.
 */
import {
  concat,
  merge,
  defer,
  EMPTY,
  filter,
  finalize,
  firstValueFrom,
  from,
  interval,
  mergeMap,
  of,
  race,
  switchMap,
  take,
  catchError,
  withLatestFrom,
} from 'rxjs'
import type { Observable } from 'rxjs'
import type { Command, Effect } from '../../kernel/module'
import type { Deps } from '../../kernel/deps'
import { ofType } from '../../kernel/operators'
import { createEvent, type AirlockEvent, type RootState } from '../../kernel/registry'
import type { ResolvedOptions } from '../../events/shapes/options'
import { closeModal } from '../../core/router/commands'
import { NO_APPROVED_ACCOUNT } from '../../kernel/errors/connection'
import type { ConnectorRuntime } from '../runtime'
import { connectFailure } from '../effects/failure'
import { storedNamespaces } from '../storedConnections'
import type { Pairing, RelaySession, WalletConnectClient } from './client'
import type { PortDeps } from '../../ports/deps'
import type { SiwxSignedOnConnect } from '../../events/signIn'
import { NoApprovedAccountError } from '../../kernel/errors/connection'
import { oneClickChains, signInRequest, signedInOf, type SignInRequest } from './oneClick'
import { proposalNamespaces } from './namespaces'
import { WALLET_CONNECT_ID } from './port'
import { createSessionProvider } from './sessionProvider'
import { clientOptions, type RelayRuntime } from './relayRuntime'
import { followWalletConnect } from './followSession'
import { establish } from './establish'
import { siteSignInCheck } from './signInCheck'

/** How often a waiting pairing checks its URI's expiry. */
export const EXPIRY_CHECK_MS = 1000
/** A URI is replaced this long before it expires, so a scan never races the expiry. */
export const EXPIRY_MARGIN_MS = 5000
export const NO_ACCOUNT_MESSAGE = NO_APPROVED_ACCOUNT

/**
 * CONNECT_REQUESTED for WalletConnect: a pairing URI (WC_PAIRING_OFFERED), replaced before it expires,
 * until the wallet answers; then the session becomes the state. A refusal is USER_REJECTED, any
 * other failure CONNECT_ERROR and WC_PAIRING_FAILED (the view offers a retry). A new request replaces the
 * pairing in progress.
 */
export const pairWalletConnect =
  (runtime: RelayRuntime): Effect =>
  (events$, state$, deps) =>
    events$.pipe(
      ofType('CONNECT_REQUESTED'),
      filter((event) => event.payload.connectorId === WALLET_CONNECT_ID),
      withLatestFrom(state$),
      switchMap(([, state]) => {
        const options = state.options.resolved
        if (!options) return EMPTY
        const pairing = defer(() => runtime.walletConnect.load(clientOptions(options, deps))).pipe(
          switchMap((client) => pairUntilApproved(runtime, client, options, state$, deps)),
          // The connection's status follows WC_PAIRING_FAILED in its reducer (another namespace may be connected).
          catchError((error: unknown) => from([...connectFailure(error), createEvent('WC_PAIRING_FAILED', {})])),
        )
        // One event per transition: the status is `connecting` from WC_PAIRING_STARTED (the connection's reducer).
        return concat(of(createEvent('WC_PAIRING_STARTED', {})), pairing)
      }),
    )

/** A pairing offered to the visitor; its approval is the session and, after a one-click sign-in, what the wallet signed. */
interface Offered extends Omit<Pairing, 'approval'> {
  readonly approval: Promise<{ session: RelaySession; signedIn: SiwxSignedOnConnect['payload'] | null }>
}

/**
 * The wallet's one-click sign-in, read (./oneClick.ts): the CACAO that answers `request` and the
 * message it stands for; null without one (a wallet that answered the fallback proposal) or when
 * its payload makes no message.
 */
function signedIn(client: WalletConnectClient, auths: unknown, request: SignInRequest, deps: Deps): SiwxSignedOnConnect['payload'] | null {
  const found = signedInOf(auths, request)
  if (found === null) return null
  try {
    return {
      caipNetworkId: found.caipNetworkId,
      address: found.address,
      message: client.signInMessage(found.cacao.p),
      signature: found.cacao.s.s,
      cacao: found.cacao,
    }
  } catch (error) {
    deps.logger.warn('WalletConnect: the wallet signed a sign-in that makes no message', error)
    return null
  }
}

/**
 * A new pairing: with sign-in on and eip155 networks only, one that asks the wallet to connect and
 * sign in at once (./oneClick.ts: a nonce from the site first); otherwise, or when the site gives
 * no nonce, a plain session proposal.
 */
async function offer(
  runtime: RelayRuntime,
  client: WalletConnectClient,
  options: ResolvedOptions,
  state$: Observable<RootState>,
  deps: Deps,
): Promise<Offered> {
  const chains = oneClickChains(options, (await firstValueFrom(state$)).networks.activeCaipNetworkId)
  const { siwx } = deps as Partial<PortDeps>
  const location = deps.window?.location
  if (chains !== null && siwx !== undefined && location !== undefined) {
    let request: SignInRequest | undefined
    try {
      // The account is not known before the wallet answers: the nonce is asked without one.
      const nonce = await siwx.getNonce({ caipNetworkId: chains[0]!, address: '' })
      request = signInRequest({ chains, location, nonce, statement: siwx.statement, expiresAt: deps.clock.now() + siwx.expiresInMs })
    } catch (error) {
      deps.logger.warn('WalletConnect: no nonce for a one-click sign-in; the visitor signs in after connecting', error)
    }
    if (request !== undefined) {
      const asked = request
      // A contract account's signature is checked through the site's RPC (./signInCheck.ts).
      const pairing = await client.pairWithSignIn(asked, siteSignInCheck(runtime, state$, deps))
      const approval = pairing.approval.then(({ session, auths }) => {
        // A sign-in that granted no method makes no session: nothing to connect.
        if (session === null) throw new NoApprovedAccountError()
        return { session, signedIn: signedIn(client, auths, asked, deps) }
      })
      approval.catch(() => undefined)
      return { ...pairing, approval }
    }
  }
  const pairing = await client.pair(proposalNamespaces(options.networks, options.defaultNetwork).optional)
  return { ...pairing, approval: pairing.approval.then((session) => ({ session, signedIn: null })) }
}

function pairUntilApproved(
  runtime: RelayRuntime,
  client: WalletConnectClient,
  options: ResolvedOptions,
  state$: Observable<RootState>,
  deps: Deps,
): Observable<AirlockEvent | Command> {
  return defer(() => offer(runtime, client, options, state$, deps)).pipe(
    switchMap((pairing) => {
      let answered = false
      const expired = interval(EXPIRY_CHECK_MS, deps.scheduler).pipe(
        filter(() => deps.clock.now() >= pairing.expiry - EXPIRY_MARGIN_MS),
        take(1),
        // An expired URI is replaced without the visitor doing anything.
        switchMap(() => pairUntilApproved(runtime, client, options, state$, deps)),
      )
      const approved = from(pairing.approval).pipe(
        mergeMap(async ({ session, signedIn: signed }) => {
          answered = true
          const arrived = await establish(runtime, client, session, await firstValueFrom(state$), deps, 'connected')
          // What the wallet signed lands before the account, so the siwx plugin, seeing the account
          // arrive, adds that session instead of asking the visitor to sign.
          const connected: Command = (root) => [
            ...(signed === null ? [] : [createEvent('SIWX_SIGNED_ON_CONNECT', signed)]),
            ...arrived(root),
            createEvent('WC_PAIRING_APPROVED', {}),
          ]
          // The closing runs right after the session's events in the queue and reads what they
          // decided: on a configured network it closes (its MODAL_CLOSE says `connected: true`); on
          // the unsupported placeholder UnsupportedChain takes the modal. Both commands are pure
          // functions of the state they are given.
          return [connected, closeOnConfigured]
        }),
        mergeMap((commands) => from(commands)),
      )
      return concat(of(createEvent('WC_PAIRING_OFFERED', { uri: pairing.uri, expiry: pairing.expiry })), race(approved, expired)).pipe(
        // A replaced or abandoned pairing is given up, so its URI pairs with nothing afterwards.
        finalize(() => {
          if (!answered) void pairing.drop()
        }),
      )
    }),
  )
}

/** Close once the session landed on a configured network (else UnsupportedChain takes the modal). */
export const closeOnConfigured: Command = (root) => (root.networks.unsupportedNetwork === null ? closeModal(root) : [])

/**
 * After a reload (SPEC §4): a stored WalletConnect connection loads the client and takes its live
 * session back, or fails the connection check when the session is gone.
 */
export const restoreWalletConnect =
  (runtime: RelayRuntime): Effect =>
  (events$, state$, deps) =>
    events$.pipe(
      ofType('STORAGE_HYDRATED'),
      take(1),
      mergeMap((event) => {
        const namespaces = storedNamespaces(event.payload.values, (id) => id === WALLET_CONNECT_ID)
        if (namespaces.length === 0) return EMPTY
        const failed = (): AirlockEvent[] => namespaces.map((namespace) => createEvent('CONNECTION_CHECK_FAILED', { namespace }))
        return defer(async (): Promise<(AirlockEvent | Command)[]> => {
          const root = await firstValueFrom(state$)
          const options = root.options.resolved
          if (!options) return failed()
          const client = await runtime.walletConnect.load(clientOptions(options, deps))
          const session = client.sessions().at(-1)
          if (!session) return failed()
          // Only the namespaces stored as connected: one left while the session went on stays left.
          const arrived = await establish(runtime, client, session, root, deps, 'restored', namespaces)
          const restore: Command = (state) => {
            const events = arrived(state)
            const restored = new Set(events.flatMap((e) => (e.type === 'CONNECTION_RESTORED' ? [e.payload.namespace] : [])))
            return [...events, ...namespaces.filter((ns) => !restored.has(ns)).map((namespace) => createEvent('CONNECTION_CHECK_FAILED', { namespace }))]
          }
          return [restore]
        }).pipe(
          catchError((error: unknown) => {
            deps.logger.warn('WalletConnect: the stored session could not be restored', error)
            return of(failed())
          }),
          mergeMap((events) => from(events)),
        )
      }),
    )

/**
 * Every WalletConnect effect of one instance, over one session provider: what the trigger
 * (./start.ts) runs once this chunk has loaded.
 *
 * ```ts
 * const { walletConnectEffects } = await import('./effects')
 * walletConnectEffects(runtime)(events$, state$, deps) // pairs, restores and follows
 * ```
 */
export function walletConnectEffects(runtime: ConnectorRuntime): Effect {
  const relay: RelayRuntime = { ...runtime, provider: createSessionProvider() }
  return (events$, state$, deps) =>
    merge(
      pairWalletConnect(relay)(events$, state$, deps),
      restoreWalletConnect(relay)(events$, state$, deps),
      followWalletConnect(relay)(events$, state$, deps),
    )
}
