/**
 * The wallet's answer to a one-click sign-in (`wc_sessionAuthenticate`, ./oneClick.ts), checked by
 * Airlock through the site's own RPC, never by a WalletConnect host (issue 28 §4, §5).
 *
 * sign-client 2.25 checks each CACAO of the answer itself before it makes the session
 * (`validateSignedCacao`): an eip191 one by ecrecover, on the page; an eip1271 one (a contract
 * account: ERC-1271, or ERC-6492 for one not deployed yet) by an `eth_call` POSTed to
 * `https://rpc.walletconnect.org/v1` — a host the site never configured, with no option to point it
 * elsewhere (`verifySignature`'s RPC URL is not passed down). So the answer is read here first, as
 * sign-client's engine receives it (`onSessionAuthenticateResponse`, the method its relay handler
 * calls for this response):
 *
 * - an error, or CACAOs all eip191: sign-client goes on as before (its check asks no host);
 * - otherwise each CACAO must answer the request (its domain, URI, nonce, a requested chain) and
 *   its signature must be its account's by `check` (the site's RPC for that chain: viem's
 *   `verifyMessage`, which handles EOAs, ERC-1271 and ERC-6492). Refused: the sign-in fails with
 *   `SignInSignatureError`. Accepted: the session is made here as sign-client would make it (the
 *   key agreed with the wallet, the methods and chains of the CACAOs' ReCaps, the accounts), and
 *   sign-client is handed an error answer instead, so it drops its pending request and the
 *   fallback proposal's listener without checking anything.
 */
import * as t from 'io-ts'
import type { SignClient } from '@walletconnect/sign-client'
import type { SessionTypes } from '@walletconnect/types'
import { isRight } from '../../kernel/either'
import { AirlockError } from '../../kernel/errors'
import { RELAY_SIGN_IN_NAMESPACE } from '../../chains/relay'
import { Cacao, type SignInRequest } from './oneClick'

/** Whether `signature` over `message` is `address`'s on `caipNetworkId` (the site's RPC for it). */
export type SignInCheck = (signed: { caipNetworkId: string; address: string; message: string; signature: string }) => Promise<boolean>

/** A one-click sign-in whose CACAO is not its account's, or does not answer the request. */
export class SignInSignatureError extends AirlockError {
  override name = 'SignInSignatureError'
  constructor(reason: string) {
    super(`Sign-in refused: ${reason}`)
  }
}

type Client = InstanceType<typeof SignClient>
type Response = { id: number; jsonrpc: string; result?: unknown; error?: unknown }
interface Engine {
  onSessionAuthenticateResponse(topic: string, payload: Response): void
}

const AuthenticateResult = t.type({
  cacaos: t.array(t.unknown),
  responder: t.type({ publicKey: t.string, metadata: t.UnknownRecord }),
})

/** A ReCap (`urn:recap:<base64url JSON>`, the last resource): its abilities by namespace. */
const Recap = t.type({ att: t.record(t.string, t.record(t.string, t.array(t.unknown))) })
const RecapChains = t.type({ chains: t.array(t.string) })

const DID_PKH = /^did:pkh:(eip155:[0-9]{1,32}):(0x[0-9a-fA-F]{40})$/

function recapOf(resources: readonly string[] | undefined): t.TypeOf<typeof Recap> | undefined {
  const last = resources?.at(-1)
  if (last === undefined || !last.startsWith('urn:recap:')) return undefined
  try {
    const base64 = last.slice('urn:recap:'.length).replace(/-/g, '+').replace(/_/g, '/')
    const decoded = Recap.decode(JSON.parse(atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4))))
    return isRight(decoded) ? decoded.right : undefined
  } catch {
    return undefined
  }
}

/**
 * What a checked answer grants, as sign-client reads it: the eip155 methods of the ReCaps, and
 * each CACAO's account on its own chain and on the ReCap's chains.
 *
 * ```ts
 * grantedBy([cacao]) // { eip155: { chains: ['eip155:31337'], methods: ['personal_sign', …], events: [...], accounts: ['eip155:31337:0x…'] } }
 * ```
 */
export function grantedBy(cacaos: readonly Cacao[]): SessionTypes.Namespaces {
  const methods = new Set<string>()
  const accounts = new Set<string>()
  for (const { p } of cacaos) {
    const did = DID_PKH.exec(p.iss)
    if (did === null) continue
    const [, chain, address] = did as unknown as [string, string, string]
    const chains = [chain]
    const recap = recapOf(p.resources)
    if (recap !== undefined) {
      for (const ability of Object.keys(recap.att[RELAY_SIGN_IN_NAMESPACE] ?? {}))
        if (ability.startsWith('request/')) methods.add(ability.slice('request/'.length))
      for (const abilities of Object.values(recap.att))
        for (const grants of Object.values(abilities)) {
          const first = RecapChains.decode(grants[0])
          if (isRight(first)) chains.push(...first.right.chains)
        }
    }
    for (const each of chains) accounts.add(`${each}:${address}`)
  }
  if (methods.size === 0 || accounts.size === 0) return {}
  const listed = [...accounts]
  return {
    [RELAY_SIGN_IN_NAMESPACE]: {
      chains: [...new Set(listed.map((account) => account.split(':').slice(0, 2).join(':')))],
      methods: [...methods],
      events: ['chainChanged', 'accountsChanged'],
      accounts: listed,
    },
  }
}

/** Why `cacao` does not answer `request` (domain, URI, nonce, a requested chain), or null. */
export function unanswered(cacao: Cacao, request: SignInRequest): string | null {
  const did = DID_PKH.exec(cacao.p.iss)
  if (cacao.h.t !== 'caip122' || did === null) return 'the CACAO is not a CAIP-122 sign-in by an eip155 account'
  if (!request.chains.includes(did[1]!)) return `the chain ${did[1]} was not asked`
  if (cacao.p.domain !== request.domain) return 'the CACAO’s domain is not the page’s'
  if (cacao.p.aud !== request.uri) return 'the CACAO’s URI is not the page’s'
  if (cacao.p.nonce !== request.nonce) return 'the CACAO’s nonce is not the one asked'
  return null
}

/** One awaited answer: the request, its check, and how to settle what `pairWithSignIn` returns. */
interface Awaited {
  readonly request: SignInRequest
  readonly check: SignInCheck
  readonly pairingTopic: string
  readonly requesterKey: string
  readonly settle: (answer: { session: SessionTypes.Struct | null; auths: Cacao[] }) => void
  readonly fail: (error: unknown) => void
}

/**
 * Take over `client`'s one-click sign-in answers that sign-client would check through a
 * WalletConnect host. `expect` registers one request (after `authenticate` made it); the promise
 * it returns settles only when the answer was taken over (else sign-client's own `response()`
 * does).
 *
 * ```ts
 * const answers = signInAnswers(client, () => Date.now())
 * const own = answers.expect(pairingTopic, request, check) // Promise<{ session, auths }> | undefined
 * ```
 */
export function signInAnswers(client: Client, now: () => number) {
  const engine = client.engine as unknown as Engine
  const forward = engine.onSessionAuthenticateResponse.bind(engine)
  const awaited = new Map<number, Awaited>()

  async function answer(topic: string, payload: Response, asked: Awaited): Promise<void> {
    const result = AuthenticateResult.decode(payload.result)
    const cacaos = isRight(result) ? result.right.cacaos.map((c) => Cacao.decode(c)) : []
    // An error, a malformed answer or eip191 CACAOs only: sign-client's own handling asks no host.
    if (!isRight(result) || cacaos.length === 0 || !cacaos.every(isRight) || cacaos.every((c) => c.right.s.t === 'eip191')) return forward(topic, payload)
    const signed = cacaos.map((c) => (c as t.Validation<Cacao> & { right: Cacao }).right)
    // sign-client drops its pending request and the fallback proposal's listener on an error answer.
    const release = async () => {
      forward(topic, { id: payload.id, jsonrpc: '2.0', error: { code: 7000, message: 'Checked by the page' } })
      for (const proposal of client.proposal.getAll().filter((p) => p.pairingTopic === asked.pairingTopic)) {
        await client.proposal.delete(proposal.id, { code: 6000, message: 'Answered by wc_sessionAuthenticate' }).catch(() => undefined)
        try {
          client.core.expirer.del(proposal.id)
        } catch {
          // Not set: nothing to drop.
        }
      }
    }
    for (const cacao of signed) {
      const mismatch = unanswered(cacao, asked.request)
      const [, caipNetworkId, address] = DID_PKH.exec(cacao.p.iss) ?? []
      const verified =
        mismatch === null &&
        (await asked
          .check({
            caipNetworkId: caipNetworkId!,
            address: address!,
            message: client.formatAuthMessage({ request: cacao.p, iss: cacao.p.iss }),
            signature: cacao.s.s,
          })
          .catch(() => false))
      if (!verified) {
        asked.fail(new SignInSignatureError(mismatch ?? 'the signature is not the address’s'))
        return release()
      }
    }
    const { responder } = result.right
    const namespaces = grantedBy(signed)
    let session: SessionTypes.Struct | null = null
    if (Object.keys(namespaces).length > 0) {
      const sessionTopic = await client.core.crypto.generateSharedKey(asked.requesterKey, responder.publicKey)
      const made: SessionTypes.Struct = {
        topic: sessionTopic,
        acknowledged: true,
        self: { publicKey: asked.requesterKey, metadata: client.metadata },
        peer: responder as unknown as SessionTypes.Struct['peer'],
        controller: responder.publicKey,
        // sign-client's SESSION_EXPIRY: seven days.
        expiry: Math.floor(now() / 1000) + 7 * 24 * 3600,
        requiredNamespaces: {},
        optionalNamespaces: {},
        relay: { protocol: 'irn' },
        pairingTopic: asked.pairingTopic,
        namespaces,
      }
      await client.core.relayer.subscribe(sessionTopic)
      await client.session.set(sessionTopic, made)
      await client.core.pairing.updateMetadata({
        topic: asked.pairingTopic,
        metadata: responder.metadata as unknown as SessionTypes.Struct['peer']['metadata'],
      })
      session = client.session.get(sessionTopic)
    }
    asked.settle({ session, auths: signed })
    await release()
  }

  engine.onSessionAuthenticateResponse = (topic, payload) => {
    const asked = awaited.get(payload.id)
    if (asked === undefined) return forward(topic, payload)
    awaited.delete(payload.id)
    answer(topic, payload, asked).catch((error: unknown) => {
      asked.fail(error)
      forward(topic, { id: payload.id, jsonrpc: '2.0', error: { code: 7000, message: 'Failed to process authenticate response' } })
    })
  }

  return {
    expect(pairingTopic: string, request: SignInRequest, check: SignInCheck): Promise<{ session: SessionTypes.Struct | null; auths: Cacao[] }> | undefined {
      const pending = client.auth.requests.getAll().find((r) => r.pairingTopic === pairingTopic)
      if (pending === undefined) return undefined
      return new Promise((settle, fail) => {
        awaited.set(pending.id, { request, check, pairingTopic, requesterKey: pending.requester.publicKey, settle, fail })
      })
    },
    /** A pairing given up: its answer, if one still comes, is sign-client's. */
    forget(pairingTopic: string): void {
      for (const [id, asked] of awaited) if (asked.pairingTopic === pairingTopic) awaited.delete(id)
    },
  }
}
