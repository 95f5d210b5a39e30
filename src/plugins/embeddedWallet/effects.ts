/**
 * The embedded-wallet plugin's effects, all through the `embedded` port (the frame is never
 * touched here):
 * - on load, the provider asks the frame for the account type chosen (the provider itself is the
 *   plugin's connector, registered by the core under AUTH, ./index.ts); the frame is attached when
 *   the modal first opens, or when a stored session is restored;
 * - a sign-in connects it (the email and socials plugins ask for the connection with it);
 * - once connected, who is signed in (SPEC §3 auth wallet info) and the smart-account networks
 *   (an empty list when the call fails, SPEC §7);
 * - unsafe requests go on the transaction stack (SPEC §2: the modal opens on ApproveTransaction,
 *   which hosts the frame's own approval view, and closes after a successful request when no
 *   stack remains); closing the modal cancels those still waiting (SPEC §4);
 * - a refused method opens the modal and shows "Action not allowed" after 300 ms (SPEC §6);
 * - the preferred account type change of SPEC §4, in its five steps;
 * - the frame's failures become EMBEDDED_WALLET_FAILED and SPEC §8's alert: a server message's
 *   (alertForServerMessage), else the frame's own (src/embedded/alerts.ts).
 */
import { concat, defer, EMPTY, filter, from, ignoreElements, map, merge, mergeMap, of, switchMap, take, tap, timer, catchError, withLatestFrom } from 'rxjs'
import {
  type Command,
  type Effect,
  ofType,
  createEvent,
  type AirlockEvent,
  type RootState,
  EMBEDDED_WALLET_CONNECTOR_ID as AUTH_CONNECTOR_ID,
  openModal,
} from 'airlock/plugin'
import { alertForServerMessage, type PortDeps } from 'airlock/plugin'
import { alertForFrameFailure } from '../../embedded/alerts'
import { WALLET_RECOVERY_NEEDED, type AccountType } from '../../embedded/protocol'
import { FRAME_CHAIN_NAMESPACE } from '../../embedded/namespaces'
import { namespaceNetwork } from 'airlock/plugin'

/** Where the account type is the embedded wallet's to set (SPEC §9: smart accounts are the frame's chain namespace's). */
const ACCOUNT_TYPE_NAMESPACES: readonly string[] = [FRAME_CHAIN_NAMESPACE]

/** SPEC §9 "Error-rejection display delay". */
export const REFUSAL_DISPLAY_DELAY_MS = 300
export const APPROVE_VIEW = 'ApproveTransaction'

/** The account type the visitor chose on the frame's chain namespace, else the site's default, else SPEC §9's (smart account). */
export function preferredEvmAccountType(state: RootState): AccountType {
  const chosen = state.account.preferredAccountTypes[FRAME_CHAIN_NAMESPACE] ?? state.account.defaultAccountTypes[FRAME_CHAIN_NAMESPACE]
  return chosen === 'eoa' ? 'eoa' : 'smartAccount'
}

const isAuth = (state: RootState) => state.connectors.activeConnectorIds[FRAME_CHAIN_NAMESPACE] === AUTH_CONNECTOR_ID

/** On load: the account type the provider asks the frame for (SPEC §4 preferred account type). */
export const install: Effect<PortDeps> = (events$, state$, { embedded }) =>
  events$.pipe(
    filter((event) => event.type === 'PLUGIN_LOADED' && event.payload.id === 'embeddedWallet'),
    take(1),
    withLatestFrom(state$),
    tap(([, state]) => embedded.setPreferredAccountType(preferredEvmAccountType(state))),
    ignoreElements(),
  )

/** The page's origin, which the origin alert names; empty where there is no page. */
function pageOrigin(win: Window | undefined): string {
  try {
    return win?.location.origin ?? ''
  } catch {
    return ''
  }
}

/** The frame's state, and its failures with their alert (SPEC §8: a server message's, else the frame's own). */
export const frame: Effect<PortDeps> = (_events$, _state$, { embedded, window: win }) =>
  merge(
    embedded.status$.pipe(map((status) => createEvent('EMBEDDED_FRAME_STATUS_CHANGED', { status }))),
    embedded.failures$.pipe(
      mergeMap(({ failure, message }) => {
        const alert = alertForServerMessage(message, pageOrigin(win)) ?? (failure === null ? undefined : alertForFrameFailure(failure))
        const failed = createEvent('EMBEDDED_WALLET_FAILED', { failure, message })
        return alert === undefined ? of(failed) : of(failed, createEvent('ALERT_RAISED', alert))
      }),
    ),
  )

/**
 * The modal is open without a connection (opened now, or already when this plugin loaded): load
 * the frame, so a sign-in answers at once. A sign-in this device left waiting for its recovery code
 * (the visitor reloaded, or closed the modal, on RecoverWallet) goes on there: the frame still
 * holds the session, so the visitor is not asked for a new one-time code.
 */
export const preload: Effect<PortDeps> = (_events$, state$, { embedded }) =>
  state$.pipe(
    filter((state) => state.router.open && !state.router.connected),
    take(1),
    // A failure is told through failures$ and shown where the visitor signs in.
    mergeMap(() =>
      defer(() => embedded.start()).pipe(
        mergeMap(() => embedded.request('IS_CONNECTED', {})),
        ignoreElements(),
        catchError((error: unknown) =>
          error instanceof Error && error.message === WALLET_RECOVERY_NEEDED ? of(createEvent('EMBEDDED_RECOVERY_NEEDED', {})) : EMPTY,
        ),
      ),
    ),
  )

/** Once the embedded wallet is connected or restored: who is signed in, and where smart accounts work. */
export const userInfo: Effect<PortDeps> = (events$, state$, { embedded }) =>
  events$.pipe(
    filter((event) => (event.type === 'CONNECT_SUCCESS' || event.type === 'CONNECTION_RESTORED') && event.payload.connectorId === AUTH_CONNECTOR_ID),
    withLatestFrom(state$),
    switchMap(([, state]) => {
      const network = namespaceNetwork(state, FRAME_CHAIN_NAMESPACE)
      const chainId = Number(network?.caipNetworkId.split(':')[1] ?? 1)
      const user = defer(() => embedded.request('GET_USER', { chainId, preferredAccountType: preferredEvmAccountType(state) })).pipe(
        mergeMap((user) =>
          of(
            createEvent('EMBEDDED_USER_LOADED', { user }),
            createEvent('ACCOUNT_IDENTITY_RESOLVED', {
              namespace: FRAME_CHAIN_NAMESPACE,
              identifier: user.provider === 'email' ? user.email : (user.userName ?? user.email),
              social: user.provider,
            }),
          ),
        ),
        catchError(() => EMPTY),
      )
      const networks = defer(() => embedded.request('GET_SMART_ACCOUNT_ENABLED_NETWORKS', {})).pipe(
        map(({ smartAccountEnabledNetworks }) => smartAccountEnabledNetworks.map((id) => `${FRAME_CHAIN_NAMESPACE}:${id}`)),
        // SPEC §7: "Smart-account networks fail: empty list stored".
        catchError(() => of([] as string[])),
        map((caipNetworkIds) => createEvent('SMART_ACCOUNT_NETWORKS_REPORTED', { caipNetworkIds })),
      )
      return concat(user, networks)
    }),
  )

/** Unsafe requests on the transaction stack, their answers and outcomes. */
export const approvals: Effect<PortDeps> = (events$, state$, { embedded }) => {
  const known = new Set<string>()
  const changes = embedded.approvals$.pipe(
    mergeMap((pending) => {
      const added = pending.filter((approval) => !known.has(approval.id))
      for (const approval of added) known.add(approval.id)
      return from<AirlockEvent[]>([
        createEvent('EMBEDDED_APPROVALS_CHANGED', { pending: pending.map(({ id, method, params, chainId }) => ({ id, method, params, chainId })) }),
        ...added.map((approval) => createEvent('TRANSACTION_STACK_PUSHED', { id: approval.id, view: APPROVE_VIEW, replace: false })),
      ])
    }),
  )
  const outcomes = embedded.settled$.pipe(
    mergeMap(({ id, outcome, message }) => {
      known.delete(id)
      const settled = createEvent('TRANSACTION_STACK_SETTLED', { id, outcome })
      if (outcome !== 'error' || message === null) return of(settled)
      // The error of a request that failed while the frame asks about another (a queued one): its
      // banner waits until no other question shows. Opening (and closing, 3 s later) above the
      // frame's slot, it would move the frame under the visitor's pointer, and the frame counts no
      // Approve for a moment after it moved (services/frame/app/approval/guard.ts). Shown at once
      // otherwise: the state stream gives the current state first.
      const banner = state$.pipe(
        filter((state) => {
          const asked = state.embeddedWallet?.frameView.requestId ?? null
          return asked === null || asked === id
        }),
        take(1),
        map(() => createEvent('NOTIFICATION_REQUESTED', { variant: 'error', message })),
      )
      return concat(of(settled), banner)
    }),
  )
  /** The frame shows a question of its own that no site request stands for (a switch to a chain not used yet): the modal opens on it too. */
  let asking: string | null = null
  const view = embedded.approvalView$.pipe(
    withLatestFrom(state$),
    mergeMap(([{ requestId, height }, state]) => {
      // A question appears: a success or error banner of what came before closes first, not up to
      // 3 s later over it. Its closing would move the frame under the visitor's pointer, and the
      // frame counts no Approve for a moment after it moved (services/frame/app/approval/guard.ts).
      // A loading banner ("Sending 1 ETH…") stays: it closes only when replaced, after the answer.
      const { notifications } = state
      const closeBanner =
        requestId !== null && requestId !== state.embeddedWallet?.frameView.requestId && notifications.open && notifications.variant !== 'loading'
      const events: AirlockEvent[] = [
        ...(closeBanner ? [createEvent('NOTIFICATION_CLOSED', {})] : []),
        createEvent('EMBEDDED_APPROVAL_VIEW_CHANGED', { requestId, height }),
      ]
      if (asking !== null && asking !== requestId) {
        // Answered: back to where the visitor was (the network picker), or closed.
        events.push(createEvent('TRANSACTION_STACK_SETTLED', { id: asking, outcome: 'cancel' }))
        asking = null
      }
      // A recovery view (./recovery.ts) hosts the frame for its own request.
      const recovering = state.embeddedWallet?.recovery.mode != null
      if (requestId !== null && asking === null && known.size === 0 && !recovering) {
        asking = requestId
        events.push(createEvent('TRANSACTION_STACK_PUSHED', { id: requestId, view: APPROVE_VIEW, replace: false }))
      }
      return from(events)
    }),
  )
  // SPEC §4: closing the modal rejects the requests still waiting.
  const closing = events$.pipe(
    ofType('MODAL_CLOSE'),
    tap(() => embedded.rejectAll()),
    ignoreElements(),
  )
  return merge(changes, outcomes, view, closing)
}

/** SPEC §6: a refused method opens the modal on ApproveTransaction; "Action not allowed" shows 300 ms later. */
export const refusals: Effect<PortDeps> = (_events$, _state$, { embedded, scheduler }) =>
  embedded.refusals$.pipe(
    switchMap(({ method }) =>
      concat(
        from<(AirlockEvent | Command)[]>([
          createEvent('EMBEDDED_REQUEST_REFUSED', { method }),
          (root: RootState) => (root.router.open ? [] : openModal(root, { view: APPROVE_VIEW })),
        ]),
        timer(REFUSAL_DISPLAY_DELAY_MS, scheduler).pipe(map(() => createEvent('EMBEDDED_REFUSAL_SHOWN', { method }))),
      ),
    ),
  )

/**
 * SPEC §4 "Preferred account type change": 1. loading is set (PREFERRED_ACCOUNT_TYPE_REQUESTED),
 * 2. the auth provider is told, 3. the setting is stored, 4. the auth connector reconnects (the
 * provider tells its listeners of the new account), 5. SET_PREFERRED_ACCOUNT_TYPE. A failed set
 * falls back to EOA. Step 4 acts on step 3's event, on the state that event produced: the auth
 * connector tells its listeners only if it is the one connected then (no command calls the port).
 */
export const accountType: Effect<PortDeps> = (events$, state$, { embedded }) =>
  events$.pipe(
    ofType('PREFERRED_ACCOUNT_TYPE_REQUESTED'),
    filter((event) => ACCOUNT_TYPE_NAMESPACES.includes(event.payload.namespace)),
    withLatestFrom(state$),
    switchMap(([event, state]) => {
      const type: AccountType = event.payload.accountType === 'smartAccount' ? 'smartAccount' : 'eoa'
      const network = namespaceNetwork(state, FRAME_CHAIN_NAMESPACE)
      return defer(async () => {
        const { address } = await embedded.request('SET_PREFERRED_ACCOUNT', { type })
        embedded.setPreferredAccountType(type)
        return address
      }).pipe(
        mergeMap((address) => {
          const stored = createEvent('PREFERRED_ACCOUNT_TYPE_STORED', { namespace: FRAME_CHAIN_NAMESPACE, accountType: type })
          const reconnect = events$.pipe(
            filter((event) => event === stored),
            take(1),
            withLatestFrom(state$),
            tap(([, root]) => isAuth(root) && embedded.accountsChanged([address])),
            ignoreElements(),
          )
          const done = createEvent('SET_PREFERRED_ACCOUNT_TYPE', {
            namespace: FRAME_CHAIN_NAMESPACE,
            accountType: type,
            network: network?.caipNetworkId ?? null,
          })
          return merge(reconnect, of(stored, done))
        }),
        catchError((error: unknown) => {
          embedded.setPreferredAccountType('eoa')
          return of(
            createEvent('PREFERRED_ACCOUNT_TYPE_FAILED', { namespace: FRAME_CHAIN_NAMESPACE, message: error instanceof Error ? error.message : String(error) }),
          )
        }),
      )
    }),
  )

/** SPEC §2: going back from ConnectingFarcaster reloads the auth provider (after the router's 100 ms). */
export const reload: Effect<PortDeps> = (events$, _state$, { embedded }) =>
  events$.pipe(
    ofType('AUTH_PROVIDER_RELOAD_REQUESTED'),
    mergeMap(() =>
      defer(() => embedded.request('RELOAD', {})).pipe(
        ignoreElements(),
        catchError(() => EMPTY),
      ),
    ),
  )
