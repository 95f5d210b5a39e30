/**
 * The sign-in flow's effects (SPEC §4 "Sign-in flow (SIWX)"):
 *
 * - `askOnConnect`: each time the account to sign in changes (a connect, a restore after a reload,
 *   another account or network), ask the site for its sessions; one that is live for this account
 *   means signed in (SIWX_SESSION_CHANGED), none opens SIWXSignMessage.
 * - `signOnRequest`: Sign → a nonce from the site → the message (src/format/siwxMessage.ts) → the
 *   wallet signs it (or, where it can, signs in its own way: `solana:signIn`) → the site adds the session → SIWX_SESSION_CHANGED and the public
 *   SIWX_AUTH_SUCCESS; a failure → the public SIWX_AUTH_ERROR with SPEC §8's words, on the view.
 * - `closeOnSuccess`: the modal closes once signed in.
 * - `revokeOnDisconnect`: a disconnect revokes the account's session at the site (best effort).
 *
 * Every call to the site or the wallet is asynchronous, so a plugin loaded late acts as an eager
 * one would (the late-loaded plugin property).
 */
import { EMPTY, catchError, distinctUntilChanged, exhaustMap, filter, from, ignoreElements, map, mergeMap, of, switchMap, withLatestFrom } from 'rxjs'
import type { Command, Effect } from '../../kernel/module'
import { ofType } from '../../kernel/operators'
import { createEvent, type AirlockEvent, type RootState } from '../../kernel/registry'
import { AirlockError, ErrorCategory } from '../../kernel/errors'
import { closeModal, openModal } from '../../core/router/commands'
import { selectView } from '../../core/router/selectors'
import type { PortDeps } from '../../ports/deps'
import { SiwxSessions, type SiwxSession, type SiwxSessionData } from '../../ports/siwxSession'
import { isRight } from '../../kernel/either'
import type { WalletConnection } from '../../ports/wallet'
import { formatSiwxMessage, isDateTime, parseSiwxMessage } from '../../format/siwxMessage'
import { isSmartAccount, signInAccount, signInTarget, type SignInTarget } from './target'
import type { SiwxFailure } from './events'
import { en } from './strings'

export const SIWX_VIEW = 'SIWXSignMessage'

/** A call to the site, always answered in a later turn (even a port that throws at once), never within the event that asked. */
const later = <T>(call: () => Promise<T>) => from(Promise.resolve().then(call))

/** Open the modal on SIWXSignMessage, unless it is there already. */
export const openSignIn: Command = (state) => (state.router.open && selectView(state) === SIWX_VIEW ? [] : openModal(state, { view: SIWX_VIEW }))

const sessionChanged =
  (hasSession: boolean): Command =>
  (state) =>
    (state.siwx?.hasSession ?? false) === hasSession ? [] : [createEvent('SIWX_SESSION_CHANGED', { hasSession })]

/** Whether `session` signs in `target` now: its account and network, not expired. */
export function isLiveSession(session: SiwxSession, target: SignInTarget, now: number): boolean {
  const { data } = session
  if (data.accountAddress !== target.address || data.chainId !== target.caipNetworkId) return false
  return data.expirationTime === undefined || (isDateTime(data.expirationTime) && Date.parse(data.expirationTime) > now)
}

export const askOnConnect: Effect<PortDeps> = (_events$, state$, { siwx, clock, logger }) =>
  state$.pipe(
    map(signInAccount),
    distinctUntilChanged(),
    withLatestFrom(state$),
    switchMap(([account, state]) => {
      const target = account === null ? null : signInTarget(state)
      if (target === null) return EMPTY
      return later(() => siwx.getSessions(target.caipNetworkId, target.address)).pipe(
        mergeMap((answer) => {
          const decoded = SiwxSessions.decode(answer)
          // An answer that is not sessions is not a session: the visitor is asked to sign in.
          if (!isRight(decoded)) throw new AirlockError("The siwx config's getSessions answered something else")
          const live = decoded.right.some((session) => isLiveSession(session, target, clock.now()))
          return of<Command[]>(...(live ? [sessionChanged(true)] : [sessionChanged(false), openSignIn]))
        }),
        catchError((error: unknown) => {
          logger.warn(`Airlock: the site's siwx getSessions failed: ${String(error)}`)
          return of(openSignIn)
        }),
      )
    }),
  )

/** Whether `error` is the visitor declining in the wallet (provider code 4001). */
function declined(error: unknown): boolean {
  const rejected = (e: unknown) => {
    const { code, category } = (e ?? {}) as { code?: unknown; category?: unknown }
    return code === 4001 || category === ErrorCategory.USER_REJECTED
  }
  return error instanceof AirlockError ? error.walk(rejected) !== null : rejected(error)
}

const toIso = (ms: number) => new Date(ms).toISOString()

/** The fields the message must carry as asked, whoever wrote it. */
const ASKED = ['domain', 'uri', 'accountAddress', 'chainId', 'version', 'nonce', 'issuedAt', 'expirationTime', 'statement'] as const

/**
 * The wallet's own sign-in (solana: `solana:signIn`, the wallet writes the message), or null where
 * the connection has none or the wallet answers 4200 (no such feature): a signed message then.
 * The text the wallet signed must parse and say what was asked.
 */
async function walletSignIn(connection: WalletConnection, data: SiwxSessionData): Promise<{ message: string; signature: string } | null> {
  if (!connection.signIn) return null
  const { domain, uri, version, nonce, issuedAt, expirationTime, statement } = data
  const input = {
    domain,
    uri,
    version,
    chainId: data.chainId.slice(data.chainId.indexOf(':') + 1),
    nonce,
    issuedAt,
    ...(expirationTime === undefined ? {} : { expirationTime }),
    ...(statement === undefined ? {} : { statement }),
  }
  let answer: { message: string; signature: string }
  try {
    answer = await connection.signIn(input)
  } catch (error) {
    if (unsupported(error)) return null
    throw error
  }
  const said = parseSiwxMessage(answer.message)
  const differs = ASKED.filter((field) => said[field] !== data[field])
  if (differs.length > 0) throw new AirlockError('The wallet signed another sign-in message', { details: `it changed ${differs.join(', ')}` })
  return answer
}

/** Whether `error` is the wallet not having the method (provider code 4200). */
function unsupported(error: unknown): boolean {
  const is4200 = (e: unknown) => (e as { code?: unknown } | null)?.code === 4200
  return error instanceof AirlockError ? error.walk(is4200) !== null : is4200(error)
}

async function signIn(target: SignInTarget, { siwx, wallet, clock, window: win }: PortDeps): Promise<void> {
  const location = win?.location
  if (!location) throw new AirlockError('Sign-in needs a page: no window location')
  const nonce = await siwx.getNonce({ caipNetworkId: target.caipNetworkId, address: target.address })
  const now = clock.now()
  const data = {
    domain: location.host,
    uri: location.origin,
    accountAddress: target.address,
    chainId: target.caipNetworkId,
    version: '1' as const,
    nonce,
    issuedAt: toIso(now),
    expirationTime: toIso(now + siwx.expiresInMs),
    ...(siwx.statement === undefined ? {} : { statement: siwx.statement }),
  }
  const connection = wallet.connection(target.namespace)
  if (!connection || connection.address !== target.address) throw new AirlockError('No ActiveCaipAddress found')
  const signedIn = await walletSignIn(connection, data)
  const message = signedIn?.message ?? formatSiwxMessage(data)
  const signature = signedIn?.signature ?? (await connection.signMessage(message))
  await siwx.addSession({ data, message, signature })
}

export const signOnRequest: Effect<PortDeps> = (events$, state$, deps) =>
  events$.pipe(
    ofType('SIWX_SIGN_REQUESTED'),
    withLatestFrom(state$),
    exhaustMap(([, state]) => {
      const target = signInTarget(state)
      const smart = isSmartAccount(state)
      const failed = (error: unknown): (AirlockEvent | Command)[] => {
        const reason: SiwxFailure = !declined(error) && smart ? 'smartAccount' : 'declined'
        deps.logger.warn(`Airlock: sign-in failed: ${String(error)}`)
        const payload = { caipNetworkId: target?.caipNetworkId ?? null, isSmartAccount: smart, reason, message: en[`errors.${reason}`] }
        return [createEvent('SIWX_AUTH_ERROR', payload), openSignIn]
      }
      if (target === null) return from(failed(new AirlockError('No ActiveCaipAddress found')))
      return later(() => signIn(target, deps)).pipe(
        mergeMap(() =>
          from<(AirlockEvent | Command)[]>([
            sessionChanged(true),
            createEvent('SIWX_AUTH_SUCCESS', { caipNetworkId: target.caipNetworkId, isSmartAccount: smart }),
          ]),
        ),
        catchError((error: unknown) => from(failed(error))),
      )
    }),
  )

/** Close once signed in; a command after the session's event, so the close lock is released by then. */
export const closeOnSuccess: Effect<PortDeps> = (events$) =>
  events$.pipe(
    ofType('SIWX_AUTH_SUCCESS'),
    map((): Command => closeModal),
  )

export const revokeOnDisconnect: Effect<PortDeps> = (events$, state$, { siwx, logger }) =>
  events$.pipe(
    ofType('DISCONNECT_REQUESTED'),
    withLatestFrom(state$),
    filter(([, state]) => state.siwx?.hasSession === true),
    map(([, state]: [unknown, RootState]) => signInTarget(state)),
    filter((target): target is SignInTarget => target !== null),
    mergeMap((target) =>
      later(() => siwx.revokeSession(target.caipNetworkId, target.address)).pipe(
        ignoreElements(),
        catchError((error: unknown) => {
          logger.warn(`Airlock: the site's siwx revokeSession failed: ${String(error)}`)
          return EMPTY
        }),
      ),
    ),
  )
