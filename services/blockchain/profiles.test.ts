/**
 * Name profiles of the self-hosted Blockchain API (SPEC §7 /v1/profile/*, §5 names and coin type)
 * over a real anvil with the demo's NameRegistry, started as the demo starts it
 * (startAccountServices): the holder is demo.airlock.eth, the friend friend.airlock.eth, each with
 * an avatar. Answers go through the product's client and its codecs; bad input answers 400 with a
 * reason, an unknown name 404.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isRight } from 'fp-ts/lib/Either'
import {
  createPublicClient,
  encodeFunctionData,
  http,
  parseSignature,
  serializeCompactSignature,
  signatureToCompactSignature,
  type Address,
  type Hex,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts'
import { startAnvil, type Anvil } from '../chain/anvil.mjs'
import { DEMO_NAME, demoArtifacts } from '../chain/demoContracts.mjs'
import { DEMO_DEPLOYER, DEMO_FRIEND, DEMO_FRIEND_NAME, startAccountServices, type AccountServices } from '../accountStack.mjs'
import { startBlockchainApi } from './server.mjs'
import { openDatabase } from '../../server/db/database.mjs'
import { coinTypeOf, parseRegistrationMessage, REGISTRATION_MAX_AGE_MS } from './profiles.mjs'
import { newNonce, registrationMessage } from '../../src/plugins/names/registrationMessage'
import { coinTypeOf as productCoinTypeOf } from '../../src/plugins/names/coinType'
import { createBlockchainApi } from '../../src/remote/blockchain/client'
import { nameSuggestions, registerName, SuggestionsResponse } from '../../src/plugins/names/api'
import { NameProfile, ReverseResponse } from '../../src/remote/blockchain/profile'
import type { BlockchainApi } from '../../src/ports/blockchainApi'
import { idleMs } from '../../tests/support/until'

const CHAIN_ID = 31337
/** ENSIP-11: 0x80000000 | 31337. */
const COIN_TYPE = String(0x80000000 + CHAIN_ID)
const FRESH = '0x000000000000000000000000000000000000dEaD' as Address

let anvil: Anvil
let stack: AccountServices
let api: BlockchainApi

async function get(path: string) {
  const response = await fetch(`${stack.apiUrl}${path}`)
  return { status: response.status, body: (await response.json()) as unknown }
}

/** Registers `name` for `owner` from the deployer (anvil unlocks it) and waits for the receipt. */
async function register(name: string, owner: Address) {
  const data = encodeFunctionData({ abi: demoArtifacts().NameRegistry.abi, functionName: 'register', args: [name, owner, ''] })
  const hash = await anvil.rpc('eth_sendTransaction', [{ from: DEMO_DEPLOYER.address, to: stack.contracts.names, data }])
  await anvil.rpc('eth_getTransactionReceipt', [hash])
}

beforeAll(async () => {
  anvil = await startAnvil({ chainId: CHAIN_ID })
  stack = await startAccountServices({ chain: { chainId: CHAIN_ID, rpcUrl: anvil.url }, history: 2, log: () => undefined })
  api = createBlockchainApi({ baseUrl: stack.apiUrl, projectId: 'p', sdkType: 'airlock', sdkVersion: 'test', fetch })
}, idleMs(60_000))

afterAll(async () => {
  await stack?.stop()
  await anvil?.stop()
})

describe('name profiles (SPEC §7 /v1/profile/*)', () => {
  it('keys addresses by the ENSIP-11 coin type: 60 on chain 1, else 0x80000000 | chainId (SPEC §5)', () => {
    expect(coinTypeOf(1)).toBe('60')
    expect(coinTypeOf(10)).toBe('2147483658')
    expect(coinTypeOf(CHAIN_ID)).toBe(COIN_TYPE)
    expect(() => coinTypeOf(2 ** 31)).toThrow()
  })

  it('answers a registered name’s profile: its address under the chain’s coin type and its avatar', async () => {
    const raw = await get(`/v1/profile/account/${DEMO_FRIEND_NAME}?apiVersion=2`)
    expect(raw.status).toBe(200)
    expect(isRight(NameProfile.decode(raw.body))).toBe(true)
    const profile = await api.profile({ name: DEMO_FRIEND_NAME })
    expect(profile).toEqual({
      name: DEMO_FRIEND_NAME,
      addresses: { [COIN_TYPE]: { address: DEMO_FRIEND } },
      attributes: [{ avatar: `${stack.apiUrl}/media/friend.svg` }],
    })
    // Names are read normalised, as ENS reads them.
    expect((await api.profile({ name: 'Friend.Airlock.ETH' })).addresses[COIN_TYPE]?.address).toBe(DEMO_FRIEND)
  })

  it('answers 404 with a reason for a name not registered; one registered now is found at once', async () => {
    const raw = await get('/v1/profile/account/nobody-here.airlock.eth?apiVersion=2')
    expect(raw).toEqual({ status: 404, body: { error: 'nobody-here.airlock.eth is not registered' } })
    await expect(api.profile({ name: 'nobody-here.airlock.eth' })).rejects.toMatchObject({ message: 'HTTP status code: 404' })
    await register('newcomer.airlock.eth', FRESH)
    expect(await api.profile({ name: 'newcomer.airlock.eth' })).toEqual({
      name: 'newcomer.airlock.eth',
      addresses: { [COIN_TYPE]: { address: FRESH } },
      attributes: [],
    })
  })

  it('answers an address’s primary names as profiles, [] when it has none', async () => {
    const raw = await get(`/v1/profile/reverse/${stack.holder}?sender=${stack.holder}&apiVersion=2`)
    expect(raw.status).toBe(200)
    expect(isRight(ReverseResponse.decode(raw.body))).toBe(true)
    expect(await api.reverseProfiles({ address: stack.holder, sender: stack.holder })).toEqual([
      { name: DEMO_NAME, addresses: { [COIN_TYPE]: { address: stack.holder } }, attributes: [{ avatar: `${stack.apiUrl}/media/avatar.svg` }] },
    ])
    // Lower case is the same address.
    expect((await api.reverseProfiles({ address: DEMO_FRIEND.toLowerCase() })).map((p) => p.name)).toEqual([DEMO_FRIEND_NAME])
    // A name registered for an address is not its primary name until it says so.
    expect(await api.reverseProfiles({ address: FRESH })).toEqual([])
  })

  it('suggests the name asked for (registered or not), then free names derived from it', async () => {
    const raw = await get('/v1/profile/suggestions/friend?zone=airlock.eth')
    expect(raw.status).toBe(200)
    expect(isRight(SuggestionsResponse.decode(raw.body))).toBe(true)
    await register('friend1.airlock.eth', FRESH)
    const { suggestions } = await nameSuggestions(api, { name: 'friend', zone: 'airlock.eth' })
    expect(suggestions[0]).toEqual({ name: DEMO_FRIEND_NAME, registered: true })
    expect(suggestions.length).toBeGreaterThan(1)
    expect(suggestions.length).toBeLessThanOrEqual(5)
    for (const s of suggestions.slice(1)) {
      expect(s.registered).toBe(false)
      expect(s.name).toMatch(/^[a-z0-9-]*friend[a-z0-9-]*\.airlock\.eth$/)
    }
    expect(suggestions.map((s) => s.name)).not.toContain('friend1.airlock.eth')
    // A free name comes first, free; the zone defaults to the demo's; a full name in the zone is its label.
    expect((await nameSuggestions(api, { name: 'brand-new' })).suggestions[0]).toEqual({ name: 'brand-new.airlock.eth', registered: false })
    expect((await nameSuggestions(api, { name: 'friend.airlock.eth', zone: 'airlock.eth' })).suggestions[0]).toEqual({
      name: DEMO_FRIEND_NAME,
      registered: true,
    })
  })

  it('answers bad input with 400 and a reason, and keeps serving', async () => {
    const bad = [
      '/v1/profile/account/a..b?apiVersion=2',
      '/v1/profile/account/bad%20name!?apiVersion=2',
      `/v1/profile/account/${DEMO_FRIEND_NAME}?apiVersion=1`,
      '/v1/profile/reverse/not-an-address?apiVersion=2',
      `/v1/profile/reverse/${stack.holder.slice(0, 40)}?apiVersion=2`,
      '/v1/profile/suggestions/abc',
      '/v1/profile/suggestions/under_score',
      '/v1/profile/suggestions/fine-name?zone=bad..zone',
      `/v1/profile/suggestions/${'x'.repeat(64)}`,
    ]
    for (const path of bad) {
      const answer = await get(path)
      expect(answer.status, path).toBe(400)
      expect((answer.body as { error: string }).error, path).toMatch(/\w/)
    }
    expect((await api.profile({ name: DEMO_FRIEND_NAME })).name).toBe(DEMO_FRIEND_NAME)
  })

  it('refuses at start a name contract on a chain it does not serve', async () => {
    await expect(startBlockchainApi({ evm: [], names: [{ chainId: CHAIN_ID, address: stack.contracts.names }] })).rejects.toThrow(TypeError)
  })
})

describe('name registration (SPEC §7 POST /v1/profile/account, §4 sign then submit, §5 names and coin type)', () => {
  const chain = () => createPublicClient({ transport: http(anvil.url) })
  const universalResolverAddress = () => stack.contracts.names as Address

  /** A registration body as the product makes it: the message the names plugin writes, signed by `signer`. */
  async function signed(
    signer: PrivateKeyAccount,
    name: string,
    overrides: { address?: string; coinType?: number; messageCoinType?: number; issuedAt?: number } = {},
  ) {
    const address = overrides.address ?? signer.address
    const coinType = overrides.coinType ?? Number(COIN_TYPE)
    const message = registrationMessage({
      name,
      address,
      coinType: overrides.messageCoinType ?? coinType,
      issuedAt: overrides.issuedAt ?? Date.now(),
      nonce: newNonce(),
    })
    return { coin_type: coinType, address, message, signature: await signer.signMessage({ message }) }
  }

  async function post(body: unknown) {
    const response = await fetch(`${stack.apiUrl}/v1/profile/account`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    return { status: response.status, body: (await response.json()) as { error?: string } }
  }

  it('the product and the service agree on the message and the coin type', () => {
    const claim = { name: 'visitor-1.airlock.eth', address: FRESH, coinType: Number(COIN_TYPE), issuedAt: Date.UTC(2026, 10, 24, 7, 40), nonce: newNonce() }
    expect(parseRegistrationMessage(registrationMessage(claim))).toEqual(claim)
    for (const chainId of [1, 10, CHAIN_ID, 2 ** 31 - 1]) expect(String(productCoinTypeOf(chainId))).toBe(coinTypeOf(chainId))
    expect(() => productCoinTypeOf(2 ** 31)).toThrow('Chain is not supported')
  })

  it('registers a signed name on chain as the signer’s primary name: viem’s getEnsAddress and getEnsName read it back', async () => {
    const visitor = privateKeyToAccount(generatePrivateKey())
    const name = `visitor-${Date.now().toString(36)}.airlock.eth`
    const profile = await registerName(
      api,
      await signed(visitor, name).then((b) => ({ coinType: b.coin_type, address: b.address, message: b.message, signature: b.signature })),
    )
    expect(profile).toEqual({ name, addresses: { [COIN_TYPE]: { address: visitor.address } }, attributes: [] })
    expect(await chain().getEnsAddress({ name, universalResolverAddress: universalResolverAddress() })).toBe(visitor.address)
    expect(await chain().getEnsName({ address: visitor.address, universalResolverAddress: universalResolverAddress() })).toBe(name)
    expect((await api.reverseProfiles({ address: visitor.address })).map((p) => p.name)).toEqual([name])
    // Taken now: the suggestions say so.
    expect((await nameSuggestions(api, { name: name.split('.')[0]!, zone: 'airlock.eth' })).suggestions[0]).toEqual({ name, registered: true })
  })

  it('refuses, each with a clear reason: a bad signature, another address’s, a wrong coin type, a chain id over 2^31, a short name, a taken name, a stale message, a replay', async () => {
    const visitor = privateKeyToAccount(generatePrivateKey())
    const other = privateKeyToAccount(generatePrivateKey())
    const free = (tag: string) => `${tag}-${Date.now().toString(36)}.airlock.eth`
    const good = await signed(visitor, free('good'))
    const cases: [what: string, body: unknown, status: number, reason: RegExp][] = [
      ['a bad signature', { ...good, signature: `0x${'11'.repeat(65)}` as Hex }, 401, /signature is not 0x/],
      ['another address’s signature', await signed(other, free('theirs'), { address: visitor.address }), 401, /signature is not 0x/],
      [
        'a coin type of a chain not served (60: chain 1)',
        await signed(visitor, free('mainnet'), { coinType: 60 }),
        400,
        /chain 1 \(coin type 60\) has no name contract/,
      ],
      ['a chain id of 2^31 (coin type 2^32)', await signed(visitor, free('huge'), { coinType: 0x80000000 + 2 ** 31 }), 400, /chain ids under 2\^31/],
      ['a message for another coin type', await signed(visitor, free('mixed'), { messageCoinType: 60 }), 400, /another coin type/],
      ['a short name (SPEC §5)', await signed(visitor, 'abc.airlock.eth'), 400, /at least 4 characters/],
      ['a name with other characters (SPEC §5)', await signed(visitor, 'under_score.airlock.eth'), 400, /letters, digits and hyphens/],
      ['a name in another zone', await signed(visitor, 'someone.other.eth'), 400, /registered in airlock\.eth/],
      ['a taken name', await signed(visitor, DEMO_NAME), 409, /demo\.airlock\.eth is taken/],
      ['a stale message', await signed(visitor, free('stale'), { issuedAt: Date.now() - REGISTRATION_MAX_AGE_MS - 1000 }), 400, /too old/],
      ['a message dated ahead', await signed(visitor, free('ahead'), { issuedAt: Date.now() + 10 * 60_000 }), 400, /future/],
      ['a message that is not a registration', { ...good, message: 'hello' }, 400, /not a registration message/],
      ['a body missing the signature', { coin_type: good.coin_type, address: good.address, message: good.message }, 400, /signature must be hex/],
      ['a body with a string coin type', { ...good, coin_type: COIN_TYPE }, 400, /coin_type must be a whole number/],
    ]
    for (const [what, body, status, reason] of cases) {
      const answer = await post(body)
      expect(answer.status, what).toBe(status)
      expect(answer.body.error, what).toMatch(reason)
    }
    // None of them registered anything; the good one still registers once, and its replay is refused.
    expect(await chain().getEnsName({ address: visitor.address, universalResolverAddress: universalResolverAddress() })).toBeNull()
    const first = await post(good)
    expect(first.status).toBe(200)
    const replay = await post(good)
    expect(replay).toEqual({ status: 409, body: { error: 'the signature was used already: sign a new message' } })
    // The same message with the signature re-encoded (EIP-2098's compact 64 bytes) is the same registration.
    const compact = serializeCompactSignature(signatureToCompactSignature(parseSignature(good.signature)))
    expect(await post({ ...good, signature: compact })).toEqual(replay)
    // A fresh signature for the same name: taken.
    const again = await post(await signed(visitor, JSON.parse(JSON.stringify(parseRegistrationMessage(good.message))).name))
    expect(again).toEqual({ status: 409, body: { error: `${parseRegistrationMessage(good.message)!.name} is taken` } })
  })

  it('keeps used messages in a database when given one: a message used through one instance is refused by another, and after a restart', async () => {
    const db = await openDatabase()
    const start = () =>
      startBlockchainApi({
        evm: [{ chainId: CHAIN_ID, rpcUrl: anvil.url }],
        names: [{ chainId: CHAIN_ID, address: stack.contracts.names }],
        registrar: DEMO_DEPLOYER,
        db,
        log: () => undefined,
      })
    const [a, b] = await Promise.all([start(), start()])
    let c: Awaited<ReturnType<typeof start>> | undefined
    try {
      const at = async (url: string, body: unknown) => {
        const response = await fetch(`${url}/v1/profile/account`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })
        return { status: response.status, body: (await response.json()) as { error?: string } }
      }
      const good = await signed(privateKeyToAccount(generatePrivateKey()), `shared-${Date.now().toString(36)}.airlock.eth`)
      expect((await at(a.url, good)).status).toBe(200)
      const replay = { status: 409, body: { error: 'the signature was used already: sign a new message' } }
      expect(await at(b.url, good)).toEqual(replay)
      expect((await db.query('SELECT message FROM name_registration_messages')).map((row) => row.message)).toEqual([good.message])
      await a.stop()
      c = await start()
      expect(await at(c.url, good)).toEqual(replay)
    } finally {
      await Promise.all([a.stop().catch(() => undefined), b.stop(), c?.stop()])
      await db.close()
    }
  })

  it('answers 501 where no registrar is configured', async () => {
    const bare = await startBlockchainApi({
      evm: [{ chainId: CHAIN_ID, rpcUrl: anvil.url }],
      names: [{ chainId: CHAIN_ID, address: stack.contracts.names }],
      log: () => undefined,
    })
    try {
      const body = await signed(privateKeyToAccount(generatePrivateKey()), 'nobody-registers.airlock.eth')
      const response = await fetch(`${bare.url}/v1/profile/account`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
      expect(response.status).toBe(501)
    } finally {
      await bare.stop()
    }
  })
})
