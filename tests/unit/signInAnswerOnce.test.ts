/**
 * A contract account's one-click sign-in answer reaches sign-client's own check (a POST to
 * rpc.walletconnect.org, ./src/connectors/walletconnect/signInAnswer.ts) in no case, with the
 * real sign-client on both sides of the local relay and the account deployed on anvil:
 *
 * - two copies of the answer arriving together (a relay delivers at least once; both copies pass
 *   sign-client's duplicate filter when the second comes before the first is recorded): the page
 *   checks it once, through the site's RPC, and the sign-in settles with its session;
 * - an answer to a pairing the page gave up: sign-client is handed an error, so its promise
 *   rejects, and nothing is checked anywhere.
 *
 * A clean-clone run at load 8 failed once on the first: the second copy went to sign-client, whose
 * check asked rpc.walletconnect.org.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SignClient } from '@walletconnect/sign-client'
import { createPublicClient, http, type Address } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { signInAnswers } from '../../src/connectors/walletconnect/signInAnswer'
import type { SignInRequest } from '../../src/connectors/walletconnect/oneClick'
import { EIP155_METHODS } from '../../src/chains/eip155/methods'
import { useRelayStack } from '../support/relayStack'
import { memoryKeyValueStore } from '../support/kvStorage'
import { deploySmartAccount } from '../support/smartAccount'
import { idleMs, until } from '../support/until'

const stack = useRelayStack()
const owner = privateKeyToAccount(generatePrivateKey())
const WALLETCONNECT_RPC = 'rpc.walletconnect.org'
let account: Address

const realFetch = globalThis.fetch
/** Who asked rpc.walletconnect.org: the wallet's sign-client before it answered, or the page's after. */
const hostChecks: ('wallet' | 'page')[] = []
/** Whether the page's relayer has received the wallet's answer. */
let received = false

beforeAll(async () => {
  account = await deploySmartAccount(stack.anvil.url, owner.address)
  // The wallet's sign-client checks its own CACAO there before it sends it (its business, vouched
  // for here); the page's must never ask.
  globalThis.fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input))
    if (url.hostname !== WALLETCONNECT_RPC) return realFetch(input, init)
    hostChecks.push(received ? 'page' : 'wallet')
    const { id } = JSON.parse(String(init?.body)) as { id: number }
    return new Response(JSON.stringify({ jsonrpc: '2.0', id, result: `0x1626ba7e${'0'.repeat(56)}` }), { headers: { 'content-type': 'application/json' } })
  }
}, idleMs(60_000))

afterAll(() => {
  globalThis.fetch = realFetch
})

let prefixes = 0

/** The page's sign-client on the relay, its answers taken over as the connector does; `copies`: how many times each relayed message is handed to it. */
async function page(copies: number) {
  const client = await SignClient.init({
    projectId: 'test-project',
    relayUrl: stack.relay.url,
    metadata: { name: 'Site', description: 'A site', url: 'http://127.0.0.1:5173', icons: [] },
    storage: memoryKeyValueStore(),
    customStoragePrefix: `answer-once-${++prefixes}`,
    telemetryEnabled: false,
    logger: 'silent',
  })
  const events = client.core.relayer.events
  const emit = events.emit.bind(events)
  events.emit = (name: string | symbol, ...args: unknown[]) => {
    if (name !== 'relayer_message') return emit(name, ...args)
    received = true
    for (let i = 1; i < copies; i++) emit(name, ...args)
    return emit(name, ...args)
  }
  const checks: string[] = []
  const chain = createPublicClient({ transport: http(stack.anvil.url) })
  const answers = signInAnswers(client, () => Date.now())
  const request: SignInRequest = {
    chains: [`eip155:${stack.anvil.chainId}`],
    domain: '127.0.0.1:5173',
    uri: 'http://127.0.0.1:5173',
    nonce: `n0nce${prefixes}abcd`,
    exp: new Date(Date.now() + 600_000).toISOString(),
    methods: [...EIP155_METHODS],
  }
  const { uri, response } = await client.authenticate({ ...request, chains: [...request.chains], methods: [...request.methods] })
  const pairingTopic = /^wc:([0-9a-f]{64})@/.exec(uri!)![1]!
  const theirs = response()
  theirs.catch(() => undefined)
  const own = answers.expect(pairingTopic, request, async ({ address, message, signature }) => {
    checks.push(address)
    return chain.verifyMessage({ address: address as Address, message, signature: signature as `0x${string}` })
  })
  return { client, uri: uri!, pairingTopic, answers, own, theirs, checks, close: () => client.core.relayer.transportClose().catch(() => undefined) }
}

async function wallet() {
  return stack.wallet({
    rpcUrls: { [`eip155:${stack.anvil.chainId}`]: stack.anvil.url },
    authenticate: { address: account, type: 'eip1271', sign: (message) => owner.signMessage({ message }) },
  })
}

describe('a contract account’s one-click answer never reaches sign-client’s check through its host', () => {
  it(
    'two copies arriving together: checked once through the site’s RPC, the session made, rpc.walletconnect.org asked by the wallet only',
    async () => {
      received = false
      hostChecks.length = 0
      const site = await page(2)
      const phone = await wallet()
      await phone.pair(site.uri)
      const { session, auths } = await site.own!
      expect(session?.namespaces.eip155?.accounts).toContain(`eip155:${stack.anvil.chainId}:${account}`)
      expect(auths.map((cacao) => cacao.s.t)).toEqual(['eip1271'])
      expect(site.checks).toEqual([account])
      // sign-client was handed the error answer: its promise rejects, with nothing checked.
      await expect(site.theirs).rejects.toBeDefined()
      // Both copies went through the engine before the assertions below count anything.
      await new Promise((resolve) => setTimeout(resolve, 200))
      expect(hostChecks).toEqual(['wallet'])
      await site.close()
    },
    idleMs(60_000),
  )

  it(
    'an answer to a pairing given up: sign-client is handed an error, nothing is checked anywhere on the page',
    async () => {
      received = false
      hostChecks.length = 0
      const site = await page(1)
      site.answers.forget(site.pairingTopic)
      const phone = await wallet()
      await phone.pair(site.uri)
      await until(() => received, 15_000, 'the wallet’s answer at the page')
      await expect(site.theirs).rejects.toBeDefined()
      expect(site.checks).toEqual([])
      expect(hostChecks).toEqual(['wallet'])
      // The page's own promise is never settled: the pairing was given up.
      expect(await Promise.race([site.own!.then(() => 'settled'), new Promise((resolve) => setTimeout(() => resolve('pending'), 200))])).toBe('pending')
      await site.close()
    },
    idleMs(60_000),
  )
})
