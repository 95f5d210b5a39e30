/**
 * The sign-in itself (SPEC §4 "Success adds a session … Failure reopens the view and shows an
 * error"), a chunk of its own loaded at the first Sign: a nonce from the site → the message
 * (src/format/siwxMessage.ts) → the wallet signs it (or signs in its own way: `solana:signIn`) →
 * the site adds the session and gives this browser its credential → the credential is read back
 * (`getSessions`: signed in only if it holds the session) → SIWX_SESSION_CHANGED and the public
 * SIWX_AUTH_SUCCESS; a failure → the public SIWX_AUTH_ERROR with SPEC §8's words, on the view.
 * After a one-click sign-in (the wallet signed while connecting: `signedOnConnect` in the state)
 * the site adds that signed message and its CACAO instead; the wallet is not asked again.
 */
import { catchError, exhaustMap, from, mergeMap, withLatestFrom } from 'rxjs'
import {
  type Command,
  type Effect,
  ofType,
  createEvent,
  type AirlockEvent,
  AirlockError,
  ErrorCategory,
  type WalletConnection,
  formatSiwxMessage,
  parseSiwxMessage,
  type PortDeps,
  type SiwxSessionData,
  type SiwxSession,
} from 'airlock/plugin'
import { isSmartAccount, signInTarget, type SignInTarget } from './target'
import type { SignedOnConnect } from './state'
import type { SiwxFailure } from './events'
import { en } from './strings'
import { holdsSession, later, openSignIn, sessionChanged } from './flow'

/** Whether `error` is the visitor declining in the wallet (provider code 4001). */
function declined(error: unknown): boolean {
  const rejected = (e: unknown) => {
    const { code, category } = (e ?? {}) as { code?: unknown; category?: unknown }
    return code === 4001 || category === ErrorCategory.USER_REJECTED
  }
  return error instanceof AirlockError ? error.walk(rejected) !== null : rejected(error)
}

/** An error's own words, first line, at most 200 characters (an AirlockError's details say most). */
function ownWords(error: unknown): string {
  const own = error instanceof AirlockError ? (error.details ?? error.shortMessage) : error instanceof Error ? error.message : String(error)
  const line = own.split('\n')[0]?.trim() ?? ''
  return line.length > 200 ? `${line.slice(0, 199)}…` : line
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

/**
 * The session the wallet signed while connecting, as the site keeps it: its message must parse and
 * be for this page and this account (the site's server verifies the signature and the CACAO).
 */
function offeredSession(offered: SignedOnConnect, target: SignInTarget, location: Location): SiwxSession {
  const { namespace: _namespace, resources, ...said } = parseSiwxMessage(offered.message)
  const asked = { domain: location.host, uri: location.origin, accountAddress: target.address, chainId: target.caipNetworkId }
  const differs = (Object.keys(asked) as (keyof typeof asked)[]).filter((field) => said[field] !== asked[field])
  if (differs.length > 0) throw new AirlockError('The wallet signed another sign-in message', { details: `it changed ${differs.join(', ')}` })
  const data = { ...said, ...(resources === undefined ? {} : { resources: [...resources] }) }
  return { data, message: offered.message, signature: offered.signature, cacao: offered.cacao }
}

async function signIn(target: SignInTarget, offered: SignedOnConnect | null, { siwx, wallet, clock, window: win }: PortDeps): Promise<void> {
  const location = win?.location
  if (!location) throw new AirlockError('Sign-in needs a page: no window location')
  if (offered !== null) {
    await siwx.addSession(offeredSession(offered, target, location))
    await heldNow(target, siwx, clock)
    return
  }
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
  // Built before the wallet is asked anything: the formatter refuses what EIP-4361 does not allow
  // (a statement beyond printable ASCII), whether the wallet or this page writes the text.
  const asked = formatSiwxMessage(data)
  const connection = wallet.connection(target.namespace)
  if (!connection || connection.address !== target.address) throw new AirlockError('No ActiveCaipAddress found')
  const signedIn = await walletSignIn(connection, data)
  const message = signedIn?.message ?? asked
  const signature = signedIn?.signature ?? (await connection.signMessage(message))
  await siwx.addSession({ data, message, signature })
  await heldNow(target, siwx, clock)
}

/**
 * Signed in is what the credential says, now as after a reload: a site that kept the session but
 * whose credential did not reach this browser (a cookie refused) would ask again each visit.
 */
async function heldNow(target: SignInTarget, siwx: PortDeps['siwx'], clock: PortDeps['clock']): Promise<void> {
  if (!holdsSession(await siwx.getSessions(target.caipNetworkId, target.address), target, clock.now())) {
    throw new AirlockError('The site gave this browser no sign-in credential', {
      details: 'The site kept the session but this browser holds no credential for it',
    })
  }
}

/** Sign → … (see the file's comment); one sign-in at a time. */
export const signOnRequest: Effect<PortDeps> = (events$, state$, deps) =>
  events$.pipe(
    ofType('SIWX_SIGN_REQUESTED'),
    withLatestFrom(state$),
    exhaustMap(([, state]) => {
      const target = signInTarget(state)
      const smart = isSmartAccount(state)
      const failed = (error: unknown): (AirlockEvent | Command)[] => {
        const byVisitor = declined(error)
        const reason: SiwxFailure = !byVisitor && smart ? 'smartAccount' : 'declined'
        deps.logger.warn(`Airlock: sign-in failed: ${String(error)}`)
        const detail = byVisitor ? undefined : ownWords(error)
        const payload = {
          caipNetworkId: target?.caipNetworkId ?? null,
          isSmartAccount: smart,
          reason,
          message: en[`errors.${reason}`],
          ...(detail && { detail }),
        }
        return [createEvent('SIWX_AUTH_ERROR', payload), openSignIn]
      }
      if (target === null) return from(failed(new AirlockError('No ActiveCaipAddress found')))
      const signed = state.siwx?.signedOnConnect ?? null
      const offered = signed?.account === `${target.caipNetworkId}:${target.address}` ? signed : null
      return later(() => signIn(target, offered, deps)).pipe(
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
