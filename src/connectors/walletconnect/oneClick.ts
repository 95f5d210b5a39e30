/**
 * One-click sign-in (issue 28 §4): connect and sign in with one approval in the wallet, the relay
 * protocol's `wc_sessionAuthenticate`. When the site signs in with a wallet (`options.siwx`) and
 * every relay network it configured is eip155, the pairing asks the wallet to authenticate: the
 * sign-in message's fields (the page's domain and origin, a nonce from the site's `getNonce`, the
 * statement, an expiration time) for the site's eip155 chains, the active one first, with the SPEC
 * §6 methods as a ReCap so the answer carries a session too. A wallet that signs answers with
 * CACAOs (CAIP-74: the payload, `iss` = did:pkh:<chain>:<address>, and the signature); one that
 * does not support it answers the fallback session proposal sign-client sends alongside, and the
 * visitor signs in after connecting, as without this.
 *
 * The answer is the wallet's, a boundary: `signedInOf` decodes it (io-ts) and keeps the first
 * CACAO that answers this request (domain, URI, nonce, a requested chain). The page hands it to
 * the siwx plugin as an event (SIWX_SIGNED_ON_CONNECT); the plugin adds the session at the site,
 * whose server verifies the message and signature and that the CACAO says the same.
 */
import * as t from 'io-ts'
import type { CaipNetwork } from '../../events/shapes/network'
import type { ResolvedOptions } from '../../events/shapes/options'
import { isRight } from '../../kernel/either'
import { AirlockError } from '../../kernel/errors'
import { RELAY_SIGN_IN_NAMESPACE, relayNamespace } from '../../chains/relay'

/** What `authenticate` asks (sign-client's `SessionAuthenticateParams`, the fields used). */
export interface SignInRequest {
  readonly chains: readonly string[]
  readonly domain: string
  readonly uri: string
  readonly nonce: string
  readonly statement?: string
  /** The message's Expiration Time (RFC 3339). */
  readonly exp: string
  /** The methods the session from the answer may call (its ReCap). */
  readonly methods: readonly string[]
}

/**
 * The site's eip155 chains, `active` first, when one-click sign-in applies: sign-in is on and
 * every relay network the site configured is eip155 (the fallback proposal carries eip155 only, so
 * a site with solana or bip122 networks pairs as before); else null.
 *
 * ```ts
 * oneClickChains(options, 'eip155:1337') // ['eip155:1337', 'eip155:31337']
 * ```
 */
export function oneClickChains(options: ResolvedOptions, active: string | null): string[] | null {
  if (options.siwx === null) return null
  const relayed = options.networks.filter((n: CaipNetwork) => relayNamespace(n.chainNamespace) !== undefined)
  if (relayed.length === 0 || relayed.some((n) => n.chainNamespace !== RELAY_SIGN_IN_NAMESPACE)) return null
  const ids = [...new Set(relayed.map((n) => n.caipNetworkId))]
  const first = ids.find((id) => id === active) ?? ids.find((id) => id === options.defaultNetwork) ?? ids[0]!
  return [first, ...ids.filter((id) => id !== first)]
}

/**
 * The `authenticate` request: the sign-in message's fields as the page's own sign-in writes them
 * (the siwx plugin's ./signIn.ts), for `chains`.
 *
 * ```ts
 * signInRequest({ chains: ['eip155:31337'], location, nonce: 'n0nce123', statement: 'Sign in', expiresAt: Date.now() + 86_400_000 })
 * ```
 */
export function signInRequest(input: {
  readonly chains: readonly string[]
  readonly location: { readonly host: string; readonly origin: string }
  readonly nonce: string
  readonly statement?: string | undefined
  readonly expiresAt: number
}): SignInRequest {
  return {
    chains: [...input.chains],
    domain: input.location.host,
    uri: input.location.origin,
    nonce: input.nonce,
    ...(input.statement === undefined ? {} : { statement: input.statement }),
    exp: new Date(input.expiresAt).toISOString(),
    methods: [...(relayNamespace(RELAY_SIGN_IN_NAMESPACE)?.methods ?? [])],
  }
}

/** A CACAO's payload (CAIP-74), the fields the message is made of. */
export const CacaoPayload = t.intersection(
  [
    t.type({ domain: t.string, aud: t.string, version: t.string, nonce: t.string, iat: t.string, iss: t.string }),
    t.partial({ exp: t.string, nbf: t.string, statement: t.string, requestId: t.string, resources: t.array(t.string), type: t.string }),
  ],
  'CacaoPayload',
)
export type CacaoPayload = t.TypeOf<typeof CacaoPayload>

/** A signed CACAO: header, payload, signature (eip191 for an EOA, eip1271 for a contract account). */
export const Cacao = t.type(
  {
    h: t.type({ t: t.string }),
    p: CacaoPayload,
    s: t.intersection([t.type({ t: t.keyof({ eip191: null, eip1271: null }), s: t.string }), t.partial({ m: t.string })]),
  },
  'Cacao',
)
export type Cacao = t.TypeOf<typeof Cacao>

/** The wallet's sign-in, read: whose, on which chain, and the CACAO (the message is formatted from it). */
export interface SignedIn {
  readonly caipNetworkId: string
  readonly address: string
  readonly cacao: Cacao
}

const DID_PKH = /^did:pkh:(eip155:[0-9]{1,32}):(0x[0-9a-fA-F]{40})$/

/**
 * The first CACAO of `auths` (the wallet's answer, untrusted) that answers `request`: a CAIP-122
 * CACAO by a did:pkh eip155 account on a requested chain, for the request's domain, URI and nonce;
 * null when none does (or the answer is not a list of CACAOs).
 *
 * ```ts
 * signedInOf(answer.auths, request) // { caipNetworkId: 'eip155:31337', address: '0x3C44…93BC', cacao }
 * ```
 */
export function signedInOf(auths: unknown, request: SignInRequest): SignedIn | null {
  const decoded = t.array(t.unknown).decode(auths)
  if (!isRight(decoded)) return null
  for (const item of decoded.right) {
    const cacao = Cacao.decode(item)
    if (!isRight(cacao)) continue
    const { h, p } = cacao.right
    const did = DID_PKH.exec(p.iss)
    if (h.t !== 'caip122' || did === null) continue
    const [, caipNetworkId, address] = did as unknown as [string, string, string]
    if (!request.chains.includes(caipNetworkId) || p.domain !== request.domain || p.aud !== request.uri || p.nonce !== request.nonce) continue
    return { caipNetworkId, address, cacao: cacao.right }
  }
  return null
}

/** A one-click sign-in whose CACAO is not its account's, or does not answer the request. */
export class SignInSignatureError extends AirlockError {
  override name = 'SignInSignatureError'
  constructor(reason: string) {
    super(`Sign-in refused: ${reason}`)
  }
}
