/**
 * A one-click sign-in's answer checked and settled on the page (./signInAnswer.ts says why): a
 * chunk of its own, loaded with the first answer taken over (a contract account's CACAO).
 */
import * as t from 'io-ts'
import type { SessionTypes } from '@walletconnect/types'
import { isRight } from '../../kernel/either'
import { RELAY_SIGN_IN_NAMESPACE } from '../../chains/relay'
import { Cacao, SignInSignatureError, type SignInRequest } from './oneClick'
import type { SignClient } from '@walletconnect/sign-client'

/** Whether `signature` over `message` is `address`'s on `caipNetworkId` (the site's RPC for it). */
export type SignInCheck = (signed: { caipNetworkId: string; address: string; message: string; signature: string }) => Promise<boolean>

export type Client = InstanceType<typeof SignClient>

export type Response = { id: number; jsonrpc: string; result?: unknown; error?: unknown }

/** sign-client's handler of an authenticate answer. */
export type Forward = (topic: string, payload: Response) => void

/** One awaited answer: the request, its check, and how to settle what `pairWithSignIn` returns. */
export interface Awaited {
  readonly request: SignInRequest
  readonly check: SignInCheck
  readonly pairingTopic: string
  readonly requesterKey: string
  /** Wall-clock time, ms: the session's expiry. */
  readonly now: () => number
  readonly settle: (answer: { session: SessionTypes.Struct | null; auths: Cacao[] }) => void
  readonly fail: (error: unknown) => void
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

export async function answer(client: Client, forward: Forward, topic: string, payload: Response, asked: Awaited): Promise<void> {
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
      expiry: Math.floor(asked.now() / 1000) + 7 * 24 * 3600,
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
