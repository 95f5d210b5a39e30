/**
 * Every Blockchain API answer and every chain node's JSON-RPC answer (issue 27 §2), through the
 * request code that makes the calls (`apiRequest`, the port's `createBlockchainApi`, and
 * `createRpcClient`), each answered by a fetch with a hostile body and status: JSON of any shape, a
 * valid answer mutated, text that is not JSON, a huge body, an error status with a hostile
 * message. The rule: a call resolves with a value its codec accepts, or rejects with an
 * AirlockError in SPEC §8's words ("HTTP request failed", "HTTP status code: N", "RPC Request
 * failed", a JSON-RPC error of the node); never another error, never a value of another shape.
 * The codecs are the core's (SPEC §7 paths) and the plugins' (swap, on-ramp, names).
 */
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import type * as t from 'io-ts'
import { apiRequest, type BlockchainApiOptions } from '../../src/remote/blockchain/request'
import { createBlockchainApi } from '../../src/remote/blockchain/client'
import { SupportedChainsResponse } from '../../src/remote/blockchain/chains'
import { BalanceResponse, HistoryResponse, IdentityResponse } from '../../src/remote/blockchain/account'
import { NftsResponse } from '../../src/remote/blockchain/nfts'
import { ReverseResponse, NameProfile } from '../../src/remote/blockchain/profile'
import { SuggestionsResponse, RegisterResponse } from '../../src/plugins/names/api'
import { OnrampOptionsResponse, OnrampUrlResponse } from '../../src/plugins/onramp/api'
import { OnrampQuote } from '../../src/plugins/onramp/events'
import {
  AllowanceResponse,
  BuiltTransactionResponse,
  FungiblePriceResponse,
  GasPriceResponse,
  QuotesResponse,
  TokensResponse,
} from '../../src/plugins/swap/api'
import { createRpcClient } from '../../src/remote/rpc/client'
import { AirlockError } from '../../src/kernel/errors'
import { arbitraryFor } from '../property/arbitraries'
import { runs } from '../property/settings'
import { hugeString, mutated } from './hostile'

/** Every codec a Blockchain API answer is decoded with, by the call that reads it. */
const ANSWERS: Record<string, t.Mixed> = {
  'GET v1/supported-chains': SupportedChainsResponse,
  'GET /v1/identity/{address}': IdentityResponse,
  'GET /v1/account/{address}/history': HistoryResponse,
  'GET /v1/account/{address}/balance': BalanceResponse,
  'GET /v1/account/{address}/nfts': NftsResponse,
  'GET /v1/profile/account/{name}': NameProfile,
  'GET /v1/profile/reverse/{address}': ReverseResponse,
  'GET /v1/profile/suggestions/{name} (names)': SuggestionsResponse,
  'POST /v1/profile/account (names)': RegisterResponse,
  'POST /v1/generators/onrampurl (onramp)': OnrampUrlResponse,
  'GET /v1/onramp/options (onramp)': OnrampOptionsResponse,
  'POST /v1/onramp/quote (onramp)': OnrampQuote,
  'GET /v1/convert/quotes (swap)': QuotesResponse,
  'GET /v1/convert/tokens (swap)': TokensResponse,
  'GET /v1/convert/allowance (swap)': AllowanceResponse,
  'GET /v1/convert/gas-price (swap)': GasPriceResponse,
  'POST /v1/convert/build-transaction (swap)': BuiltTransactionResponse,
  'GET /v1/fungible/price (swap)': FungiblePriceResponse,
}

/** SPEC §8's words for a failed HTTP call. */
const HTTP_ERROR = /^(HTTP request failed|HTTP status code: \d+|The request took too long to respond)$/

/** A valid answer of `codec`, when one can be made from it (a refined codec may not). */
function validOf(codec: t.Mixed): fc.Arbitrary<unknown> {
  try {
    return arbitraryFor(codec)
  } catch {
    return fc.jsonValue({ maxDepth: 2 })
  }
}

interface Answer {
  readonly status: number
  readonly body: string
}

/** Answers: mostly 200 with a body near the codec's shape, else an error status with a hostile message. */
const answer = (codec: t.Mixed): fc.Arbitrary<Answer> => {
  const json = (value: unknown) => {
    try {
      return JSON.stringify(value) ?? 'null'
    } catch {
      return 'null'
    }
  }
  const body = fc.oneof(
    { weight: 4, arbitrary: mutated(validOf(codec), fc.jsonValue({ maxDepth: 2 })).map(json) },
    { weight: 2, arbitrary: validOf(codec).map(json) },
    { weight: 3, arbitrary: fc.jsonValue().map(json) },
    { weight: 1, arbitrary: fc.string() },
    { weight: 1, arbitrary: fc.constantFrom('', '{', '[1,', '<html>nope</html>', '{"__proto__": {"polluted": true}}', 'null', '"\\ud800"') },
    {
      weight: 1,
      arbitrary: fc
        .constant(null)
        .chain(() => fc.oneof({ weight: 9, arbitrary: fc.constant('') }, hugeString))
        .map((s) => JSON.stringify({ message: s, data: [s] })),
    },
  )
  return fc.record({
    status: fc.oneof({ weight: 6, arbitrary: fc.constant(200) }, { weight: 1, arbitrary: fc.constantFrom(201, 204, 301, 400, 401, 403, 404, 500, 502, 503) }),
    body,
  })
}

/** A fetch that answers every request with `given`. */
const answering =
  (given: Answer): typeof globalThis.fetch =>
  async () =>
    new Response([204, 205, 304].includes(given.status) ? null : given.body, { status: given.status, headers: { 'content-type': 'application/json' } })

const options = (fetch: typeof globalThis.fetch): BlockchainApiOptions => ({
  baseUrl: 'http://127.0.0.1:9/blockchain',
  projectId: 'fuzz',
  sdkType: 'airlock',
  sdkVersion: 'fuzz',
  fetch,
  timeoutMs: 5_000,
})

describe('every Blockchain API answer (issue 27 §2)', () => {
  it("each call's answer, any body and status: a value of its codec, or an AirlockError in SPEC §8's words", async () => {
    const calls = Object.entries(ANSWERS)
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...calls).chain(([call, codec]) => answer(codec).map((given) => [call, codec, given] as const)),
        async ([call, codec, given]) => {
          const [method, path] = call.split(' ') as ['GET' | 'POST', string]
          try {
            const value = await apiRequest(options(answering(given)), { method, path, codec, ...(method === 'POST' ? { body: {} } : {}) })
            expect(codec.is(value)).toBe(true)
          } catch (error) {
            if (!(error instanceof AirlockError))
              throw new Error(`${call} crashed on ${given.status} ${given.body.slice(0, 200)}: ${String(error)}`, { cause: error })
            expect(error.message).toMatch(HTTP_ERROR)
          }
        },
      ),
      runs({ ciScale: 0.5 }),
    )
  })

  it("the port's methods (createBlockchainApi, its lazily loaded calls): a value or an AirlockError in SPEC §8's words", async () => {
    const calls = {
      supportedChains: (api: ReturnType<typeof createBlockchainApi>) => api.supportedChains(),
      identity: (api: ReturnType<typeof createBlockchainApi>) => api.identity({ address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' }),
      history: (api: ReturnType<typeof createBlockchainApi>) => api.history({ account: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' }),
      balance: (api: ReturnType<typeof createBlockchainApi>) => api.balance({ address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', chainId: 'eip155:1' }),
      nfts: (api: ReturnType<typeof createBlockchainApi>) => api.nfts({ address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' }),
      profile: (api: ReturnType<typeof createBlockchainApi>) => api.profile({ name: 'ada.airlock.id' }),
      reverseProfiles: (api: ReturnType<typeof createBlockchainApi>) => api.reverseProfiles({ address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' }),
    }
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...(Object.keys(calls) as (keyof typeof calls)[])), answer(BalanceResponse), async (name, given) => {
        try {
          await (calls[name] as (api: ReturnType<typeof createBlockchainApi>) => Promise<unknown>)(createBlockchainApi(options(answering(given))))
        } catch (error) {
          if (!(error instanceof AirlockError)) throw new Error(`${name} crashed: ${String(error)}`, { cause: error })
          expect(error.message).toMatch(HTTP_ERROR)
        }
      }),
      runs({ ciScale: 0.5 }),
    )
  })
})

const validEnvelope = fc.oneof(
  fc.record({ jsonrpc: fc.constant('2.0'), id: fc.oneof(fc.integer(), fc.string(), fc.constant(null)), result: fc.jsonValue({ maxDepth: 2 }) }),
  fc.record({
    jsonrpc: fc.constant('2.0'),
    id: fc.integer(),
    error: fc.record(
      { code: fc.constantFrom(-32700, -32600, -32601, -32602, -32603, -32000, 4001, 3), message: fc.string(), data: fc.jsonValue({ maxDepth: 1 }) },
      { requiredKeys: ['code', 'message'] },
    ),
  }),
)

describe("a chain node's JSON-RPC answers (issue 27 §2)", () => {
  it('any body and status: the result, or an AirlockError (the node’s JSON-RPC error, or SPEC §8’s words); retries end', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          status: fc.oneof({ weight: 6, arbitrary: fc.constant(200) }, { weight: 1, arbitrary: fc.constantFrom(400, 404, 500) }),
          body: fc
            .oneof(mutated(validEnvelope, fc.jsonValue({ maxDepth: 2 })), validEnvelope, fc.jsonValue(), fc.string())
            .map((v) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? 'null'))),
        }),
        async (given) => {
          // No retries: a retryable answer fails at once rather than waiting in real time.
          const client = createRpcClient({ url: 'http://127.0.0.1:9/rpc', fetch: answering(given), retryCount: 1, timeoutMs: 5_000 })
          try {
            await client.request('eth_blockNumber', [])
          } catch (error) {
            if (!(error instanceof AirlockError))
              throw new Error(`the RPC client crashed on ${given.status} ${given.body.slice(0, 200)}: ${String(error)}`, { cause: error })
            expect(error.message.length).toBeGreaterThan(0)
          }
        },
      ),
      runs(),
    )
  })
})
