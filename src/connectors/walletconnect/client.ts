/**
 * The relay-protocol client: `@walletconnect/sign-client` behind the few calls the connector
 * needs. This module is the lazily loaded chunk: nothing imports it statically, so a page fetches
 * sign-client only when the visitor picks a WalletConnect path or a stored session is restored.
 */
import { SignClient } from '@walletconnect/sign-client'
import type { SessionTypes, SignClientTypes } from '@walletconnect/types'
import type { Metadata } from '../../events/shapes/options'
import type { ProposalNamespace } from './namespaces'
import type { CacaoPayload, SignInRequest } from './oneClick'
import type { SignInCheck, signInAnswers } from './signInAnswer'
import { AirlockError } from '../../kernel/errors'
import { providerError, UserRejectedRequestError } from '../../kernel/errors/provider'
import { PairingUriMissingError } from '../../kernel/errors/connection'

/** The public relay of the WalletConnect network; anything else is a self-hosted one. */
const PUBLIC_RELAY_HOSTS = new Set(['relay.walletconnect.org', 'relay.walletconnect.com'])

/** The relay protocol's refusal codes: user rejected, rejected chains, methods, events. */
const RELAY_REJECTION_CODES = new Set([5000, 5001, 5002, 5003])

export interface WalletConnectClientOptions {
  readonly projectId: string
  readonly relayUrl: string
  readonly metadata: Metadata
  /** Where sessions are kept; the browser's IndexedDB by default. Tests pass memory. */
  readonly storage?: SignClientTypes.Options['storage']
  /** Separates two clients in one process (the tests run dApp and wallet side by side). */
  readonly customStoragePrefix?: string
  /** Wall-clock time for the sessions' and URIs' expiries (`deps.clock`); default Date.now. */
  readonly clock?: { now(): number }
}

export interface RelaySession {
  readonly topic: string
  /** The wallet's answer, untrusted: decode it with `grantedSession`. */
  readonly namespaces: unknown
  readonly peer: { readonly name: string; readonly url: string; readonly icons: readonly string[] }
  /** Seconds since epoch. */
  readonly expiry: number
}

export interface SessionEventHandlers {
  event(topic: string, chainId: string, name: string, data: unknown): void
  update(topic: string, namespaces: unknown): void
  ended(topic: string): void
}

export interface Pairing {
  readonly uri: string
  /** When the URI stops working, ms since epoch. */
  readonly expiry: number
  readonly approval: Promise<RelaySession>
  /** Give up this pairing (replaced or abandoned): a wallet scanning its URI later finds nothing. */
  drop(): Promise<void>
}

/** The wallet's answer to a one-click sign-in: the session (none when it granted no method), and its CACAOs, untrusted (none from a wallet that answered the fallback proposal). */
export interface SignInAnswer {
  readonly session: RelaySession | null
  readonly auths: unknown
}

/** A pairing asking the wallet to connect and sign in at once (`wc_sessionAuthenticate`, ./oneClick.ts). */
export interface SignInPairing extends Omit<Pairing, 'approval'> {
  readonly approval: Promise<SignInAnswer>
}

export interface WalletConnectClient {
  /** A new pairing proposing these namespaces (see `proposalNamespaces`). */
  pair(namespaces: Record<string, ProposalNamespace>): Promise<Pairing>
  /**
   * A new pairing asking to connect and sign in with one approval; sign-client sends a session
   * proposal alongside for a wallet without it. A contract account's CACAO is checked by `check`
   * (the site's RPC), never by sign-client through a WalletConnect host (./signInAnswer.ts).
   */
  pairWithSignIn(request: SignInRequest, check: SignInCheck): Promise<SignInPairing>
  /** The EIP-4361 text a CACAO's payload stands for (what the wallet signed), as sign-client writes it (ReCap statement included). */
  signInMessage(payload: CacaoPayload): string
  /** The sessions still alive, newest last. */
  sessions(): RelaySession[]
  request(topic: string, chainId: string, method: string, params: unknown): Promise<unknown>
  disconnect(topic: string): Promise<void>
  on(handlers: SessionEventHandlers): () => void
}

function toRelaySession(session: SessionTypes.Struct): RelaySession {
  const meta = session.peer.metadata
  return {
    topic: session.topic,
    namespaces: session.namespaces,
    peer: {
      name: typeof meta?.name === 'string' ? meta.name : '',
      url: typeof meta?.url === 'string' ? meta.url : '',
      icons: Array.isArray(meta?.icons) ? meta.icons : [],
    },
    expiry: session.expiry,
  }
}

/**
 * The error as the rest of the SDK reads it: a relay refusal (5000-5003) is a
 * UserRejectedRequestError (4001, which the connect effect reads as USER_REJECTED), other codes
 * their provider error class (see `providerError`); the relay's message is in `details`, and an
 * error without one says the wallet did not answer.
 */
export function relayError(error: unknown): AirlockError {
  const code =
    typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'number' ? (error as { code: number }).code : undefined
  if (code !== undefined && RELAY_REJECTION_CODES.has(code)) return new UserRejectedRequestError({ cause: error })
  return providerError(error === undefined || error === null ? 'The wallet did not answer' : error)
}

/**
 * A failed one-click sign-in as the SDK reads it: sign-client rejects with the wallet's error
 * message alone (text) when the wallet refused `wc_sessionAuthenticate` (an unsupported wallet's
 * refusal never rejects: the fallback proposal answers), so text is the visitor declining; any
 * other error is read as `relayError` reads it.
 */
export function signInError(error: unknown): AirlockError {
  if (typeof error === 'string') return new UserRejectedRequestError({ cause: error, details: error })
  return relayError(error)
}

/** The seconds-since-epoch expiry of a pairing URI, in ms; `fallback` when it has none. */
export function uriExpiry(uri: string, fallback: number): number {
  const match = /[?&]expiryTimestamp=(\d{1,12})(?:&|$)/.exec(uri)
  return match ? Number(match[1]) * 1000 : fallback
}

/** The pairing topic of a `wc:` URI (`wc:<topic>@2?…`). */
export function pairingTopicOf(uri: string): string | undefined {
  return /^wc:([0-9a-f]{64})@2\?/.exec(uri)?.[1]
}

/** Whether `relayUrl` is the WalletConnect network's own relay. */
export function isPublicRelay(relayUrl: string): boolean {
  try {
    return PUBLIC_RELAY_HOSTS.has(new URL(relayUrl).hostname)
  } catch {
    return false
  }
}

/**
 * ```ts
 * const client = await createWalletConnectClient({ projectId, relayUrl: 'ws://127.0.0.1:4100', metadata })
 * const { uri, approval } = await client.pair(proposalNamespaces(networks, null).optional)
 * ```
 */
export async function createWalletConnectClient(options: WalletConnectClientOptions): Promise<WalletConnectClient> {
  const init: SignClientTypes.Options = {
    projectId: options.projectId,
    relayUrl: options.relayUrl,
    metadata: { ...options.metadata, icons: [...options.metadata.icons] },
    // No usage reports to a vendor's servers.
    telemetryEnabled: false,
    logger: 'silent',
    ...(options.storage ? { storage: options.storage } : {}),
    ...(options.customStoragePrefix ? { customStoragePrefix: options.customStoragePrefix } : {}),
  }
  const client = await SignClient.init(init)
  if (!isPublicRelay(options.relayUrl)) {
    // The Verify attestation loads a frame from the WalletConnect network's verify server. A
    // self-hosted relay has none, and a frame the page's CSP blocks would hold every proposal for
    // 5 s; so with a relay of our own the proposal goes out without one (the wallet then shows
    // the domain as unverified, which it is).
    client.core.verify.register = async () => ''
  }

  const clock = options.clock ?? Date
  // The take-over of one-click answers (./signInAnswer.ts) loads with the first one-click pairing:
  // a site without SIWX never fetches it.
  let signIns: Promise<ReturnType<typeof signInAnswers>> | undefined
  const answersReady = () => (signIns ??= import('./signInAnswer').then((m) => m.signInAnswers(client, () => clock.now())))
  const live = (): SessionTypes.Struct[] => client.session.getAll().filter((s) => s.expiry * 1000 > clock.now() && s.acknowledged !== false)

  return {
    async pair(namespaces) {
      // sign-client 2.25 moves required namespaces into the optional ones (with a console warning):
      // the optional set already holds the required one, so it goes alone.
      const { uri, approval } = await client.connect({ optionalNamespaces: namespaces })
      if (!uri) throw new PairingUriMissingError()
      const settled = approval().then(toRelaySession, (error: unknown) => Promise.reject(relayError(error)))
      // A pairing given up before the wallet answers rejects its approval; nobody waits for it then.
      settled.catch(() => undefined)
      const pairingTopic = pairingTopicOf(uri)
      return {
        uri,
        expiry: uriExpiry(uri, clock.now() + 5 * 60_000),
        approval: settled,
        async drop() {
          if (pairingTopic && client.core.pairing.pairings.keys.includes(pairingTopic)) {
            await client.core.pairing.disconnect({ topic: pairingTopic }).catch(() => undefined)
          }
        },
      }
    },
    async pairWithSignIn(request, check) {
      const answers = await answersReady()
      const { uri, response } = await client.authenticate({
        chains: [...request.chains],
        domain: request.domain,
        uri: request.uri,
        nonce: request.nonce,
        exp: request.exp,
        methods: [...request.methods],
        ...(request.statement === undefined ? {} : { statement: request.statement }),
      })
      if (!uri) throw new PairingUriMissingError()
      const pairingTopic = pairingTopicOf(uri)
      // Settles only when the answer was checked here (a contract account's); else sign-client's does.
      const own = pairingTopic === undefined ? undefined : answers.expect(pairingTopic, request, check)
      const theirs = response()
      theirs.catch(() => undefined)
      const settled = (own === undefined ? theirs : Promise.race([own, theirs])).then(
        ({ session, auths }): SignInAnswer => ({ session: session ? toRelaySession(session) : null, auths }),
        (error: unknown) => Promise.reject(error instanceof AirlockError ? error : signInError(error)),
      )
      settled.catch(() => undefined)
      return {
        uri,
        expiry: uriExpiry(uri, clock.now() + 5 * 60_000),
        approval: settled,
        async drop() {
          if (pairingTopic) answers.forget(pairingTopic)
          if (pairingTopic && client.core.pairing.pairings.keys.includes(pairingTopic)) {
            await client.core.pairing.disconnect({ topic: pairingTopic }).catch(() => undefined)
          }
        },
      }
    },
    signInMessage: (payload) => client.formatAuthMessage({ request: payload, iss: payload.iss }),
    sessions: () => live().map(toRelaySession),
    async request(topic, chainId, method, params) {
      try {
        return await client.request({ topic, chainId, request: { method, params } })
      } catch (error) {
        throw relayError(error)
      }
    },
    async disconnect(topic) {
      await client.disconnect({ topic, reason: { code: 6000, message: 'User disconnected.' } })
    },
    on(handlers) {
      const onEvent = (e: SignClientTypes.EventArguments['session_event']) =>
        handlers.event(e.topic, e.params.chainId, e.params.event.name, e.params.event.data)
      const onUpdate = (e: SignClientTypes.EventArguments['session_update']) => handlers.update(e.topic, e.params.namespaces)
      const onDelete = (e: { topic: string }) => handlers.ended(e.topic)
      client.on('session_event', onEvent)
      client.on('session_update', onUpdate)
      client.on('session_delete', onDelete)
      client.on('session_expire', onDelete)
      return () => {
        client.off('session_event', onEvent)
        client.off('session_update', onUpdate)
        client.off('session_delete', onDelete)
        client.off('session_expire', onDelete)
      }
    },
  }
}
