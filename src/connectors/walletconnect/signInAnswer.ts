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
 *
 * Two answers never reach sign-client's check either: a second copy of an answer taken over (a
 * relay delivers at least once, and two copies that arrive together both pass sign-client's
 * duplicate filter) is dropped; an answer with a contract account's CACAO to a request no longer
 * awaited (its pairing given up) reaches sign-client as an error answer.
 */
import * as t from 'io-ts'
import type { SessionTypes } from '@walletconnect/types'
import { isRight } from '../../kernel/either'
import type { Cacao, SignInRequest } from './oneClick'
import type { Awaited, Client, Response, SignInCheck } from './signInSettle'
export type { SignInCheck } from './signInSettle'
export { SignInSignatureError } from './oneClick'

interface Engine {
  onSessionAuthenticateResponse(topic: string, payload: Response): void
}

const Answered = t.type({ cacaos: t.array(t.unknown) })
const Eip191 = t.type({ s: t.type({ t: t.literal('eip191') }) })

/** Whether sign-client would check `payload` through a WalletConnect host: a result with a CACAO not signed eip191. */
function checkedByHost(payload: Response): boolean {
  const result = Answered.decode(payload.result)
  return isRight(result) && result.right.cacaos.some((cacao) => !Eip191.is(cacao))
}

/** The error answer sign-client is handed instead of one it must not check: it drops its pending request. */
const refusal = (id: number, message: string): Response => ({ id, jsonrpc: '2.0', error: { code: 7000, message } })

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
  /** The ids of the answers taken over: one per one-click sign-in of the page. */
  const taken = new Set<number>()

  engine.onSessionAuthenticateResponse = (topic, payload) => {
    if (taken.has(payload.id)) return
    const asked = awaited.get(payload.id)
    if (asked === undefined) return forward(topic, checkedByHost(payload) ? refusal(payload.id, 'Not awaited by the page') : payload)
    awaited.delete(payload.id)
    taken.add(payload.id)
    import('./signInSettle')
      .then(({ answer }) => answer(client, forward, topic, payload, asked))
      .catch((error: unknown) => {
        asked.fail(error)
        forward(topic, refusal(payload.id, 'Failed to process authenticate response'))
      })
  }

  return {
    expect(pairingTopic: string, request: SignInRequest, check: SignInCheck): Promise<{ session: SessionTypes.Struct | null; auths: Cacao[] }> | undefined {
      const pending = client.auth.requests.getAll().find((r) => r.pairingTopic === pairingTopic)
      if (pending === undefined) return undefined
      return new Promise((settle, fail) => {
        awaited.set(pending.id, { request, check, pairingTopic, requesterKey: pending.requester.publicKey, now, settle, fail })
      })
    },
    /** A pairing given up: its answer, if one still comes, is sign-client's. */
    forget(pairingTopic: string): void {
      for (const [id, asked] of awaited) if (asked.pairingTopic === pairingTopic) awaited.delete(id)
    },
  }
}
