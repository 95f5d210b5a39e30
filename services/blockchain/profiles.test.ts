/**
 * Name profiles of the self-hosted Blockchain API (SPEC §7 /v1/profile/*, §5 names and coin type)
 * over a real anvil with the demo's NameRegistry, started as the demo starts it
 * (startAccountServices): the holder is demo.airlock.eth, the friend friend.airlock.eth, each with
 * an avatar. Answers go through the product's client and its codecs; bad input answers 400 with a
 * reason, an unknown name 404.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isRight } from 'fp-ts/lib/Either'
import { encodeFunctionData, type Address } from 'viem'
import { startAnvil, type Anvil } from '../chain/anvil.mjs'
import { DEMO_NAME, demoArtifacts } from '../chain/demoContracts.mjs'
import { DEMO_DEPLOYER, DEMO_FRIEND, DEMO_FRIEND_NAME, startAccountServices, type AccountServices } from '../accountStack.mjs'
import { startBlockchainApi } from './server.mjs'
import { coinTypeOf } from './profiles.mjs'
import { createBlockchainApi } from '../../src/remote/blockchain/client'
import { NameProfile, ReverseResponse, SuggestionsResponse } from '../../src/remote/blockchain/profile'
import type { BlockchainApi } from '../../src/ports/blockchainApi'

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
}, 60_000)

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
    const { suggestions } = await api.nameSuggestions({ name: 'friend', zone: 'airlock.eth' })
    expect(suggestions[0]).toEqual({ name: DEMO_FRIEND_NAME, registered: true })
    expect(suggestions.length).toBeGreaterThan(1)
    expect(suggestions.length).toBeLessThanOrEqual(5)
    for (const s of suggestions.slice(1)) {
      expect(s.registered).toBe(false)
      expect(s.name).toMatch(/^[a-z0-9-]*friend[a-z0-9-]*\.airlock\.eth$/)
    }
    expect(suggestions.map((s) => s.name)).not.toContain('friend1.airlock.eth')
    // A free name comes first, free; the zone defaults to the demo's; a full name in the zone is its label.
    expect((await api.nameSuggestions({ name: 'brand-new' })).suggestions[0]).toEqual({ name: 'brand-new.airlock.eth', registered: false })
    expect((await api.nameSuggestions({ name: 'friend.airlock.eth', zone: 'airlock.eth' })).suggestions[0]).toEqual({
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
