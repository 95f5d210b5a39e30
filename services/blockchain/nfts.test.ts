/**
 * The self-hosted Blockchain API's NFT path (ours: SPEC §7 names none; for the NFTs tab of SPEC
 * §2) over a real anvil with the demo contracts, started as the demo starts it
 * (startAccountServices): the holder owns collectibles #1..#3, whose metadata and images the API
 * serves from its own origin. A second collection is deployed here and flagged as spam in a second
 * service. Answers go through the product's client and codec; bad input answers 400 with a reason.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isRight } from 'fp-ts/lib/Either'
import { createPublicClient, encodeDeployData, encodeFunctionData, getAddress, http, type Address, type Hex } from 'viem'
import { startAnvil, type Anvil } from '../chain/anvil.mjs'
import { demoArtifacts } from '../chain/demoContracts.mjs'
import { DEMO_DEPLOYER, DEMO_FRIEND, startAccountServices, type AccountServices } from '../accountStack.mjs'
import { startBlockchainApi, type BlockchainApiService } from './server.mjs'
import { createBlockchainApi } from '../../src/remote/blockchain/client'
import { NftsResponse } from '../../src/remote/blockchain/nfts'
import type { BlockchainApi, NftItem } from '../../src/ports/blockchainApi'
import { idleMs } from '../../tests/support/until'

const CHAIN_ID = 31337
const CHAIN = `eip155:${CHAIN_ID}`
const FRESH = '0x000000000000000000000000000000000000dEaD' as Address
const SDK = { projectId: 'p', sdkType: 'airlock', sdkVersion: 'test' }

let anvil: Anvil
let stack: AccountServices
let api: BlockchainApi
/** A second collection, minted to the holder: what a spammer airdrops. */
let spamContract: Address
/** A second service over the same chain with the spam collection flagged. */
let flagging: BlockchainApiService
let flaggingApi: BlockchainApi

/** Sends from an unlocked anvil account; returns the receipt. */
async function send(from: Address, tx: { to?: Address; data: Hex }) {
  const hash = await anvil.rpc('eth_sendTransaction', [{ from, ...tx }])
  return createPublicClient({ transport: http(anvil.url) }).waitForTransactionReceipt({ hash: hash as Hex, pollingInterval: 20 })
}

async function get(path: string) {
  const response = await fetch(`${stack.apiUrl}${path}`)
  return { status: response.status, body: (await response.json()) as unknown }
}

const names = (items: readonly NftItem[]) => items.map((n) => n.name)

beforeAll(async () => {
  anvil = await startAnvil({ chainId: CHAIN_ID })
  stack = await startAccountServices({ chain: { chainId: CHAIN_ID, rpcUrl: anvil.url }, history: 2, log: () => undefined })
  const { DemoCollectible } = demoArtifacts()
  const deployed = await send(DEMO_DEPLOYER.address, { data: encodeDeployData({ abi: DemoCollectible.abi, bytecode: DemoCollectible.bytecode, args: [''] }) })
  spamContract = getAddress(deployed.contractAddress!)
  await send(DEMO_DEPLOYER.address, { to: spamContract, data: encodeFunctionData({ abi: DemoCollectible.abi, functionName: 'mint', args: [stack.holder] }) })
  flagging = await startBlockchainApi({
    evm: [{ chainId: CHAIN_ID, rpcUrl: anvil.url }],
    spam: [`${CHAIN}:${spamContract}`],
    pollMs: 100,
    log: () => undefined,
  })
  api = createBlockchainApi({ baseUrl: stack.apiUrl, ...SDK, fetch })
  flaggingApi = createBlockchainApi({ baseUrl: flagging.url, ...SDK, fetch })
}, idleMs(60_000))

afterAll(async () => {
  await Promise.all([stack?.stop(), flagging?.stop()])
  await anvil?.stop()
})

describe('GET /v1/account/{address}/nfts', () => {
  it('lists the ERC-721 tokens the holder owns, named and pictured from their metadata; the answer decodes with the product codec', async () => {
    const raw = await get(`/v1/account/${stack.holder}/nfts?chainId=${CHAIN}&projectId=p&st=a&sv=b`)
    expect(raw.status).toBe(200)
    expect(isRight(NftsResponse.decode(raw.body))).toBe(true)
    const { data, next } = await api.nfts({ address: stack.holder, chainId: CHAIN })
    expect(next).toBeNull()
    const collectible = getAddress(stack.contracts.collectible)
    const demo = data.filter((n) => n.contract === `${CHAIN}:${collectible}`)
    expect(demo).toEqual(
      [1, 2, 3].map((n) => ({
        chainId: CHAIN,
        contract: `${CHAIN}:${collectible}`,
        tokenId: String(n),
        name: `Airlock Collectible #${n}`,
        collection: 'Airlock Demo Collectible',
        image: `${stack.apiUrl}/media/${n}.svg`,
        flags: { is_spam: false },
      })),
    )
    // The airdropped one has no token URI: the collection's name and its id, no image; not flagged here.
    expect(data.find((n) => n.contract === `${CHAIN}:${spamContract}`)).toEqual({
      chainId: CHAIN,
      contract: `${CHAIN}:${spamContract}`,
      tokenId: '1',
      name: 'Airlock Demo Collectible #1',
      collection: 'Airlock Demo Collectible',
      image: null,
      flags: { is_spam: false },
    })
    // Without chainId: every EVM chain served; an account with none: an empty page.
    expect(await api.nfts({ address: stack.holder })).toEqual({ data, next: null })
    expect(await api.nfts({ address: FRESH, chainId: CHAIN })).toEqual({ data: [], next: null })
  })

  it('flags the contracts of its `spam` list (CAIP-10 or bare) as is_spam', async () => {
    const { data } = await flaggingApi.nfts({ address: stack.holder, chainId: CHAIN })
    expect(data).toHaveLength(4)
    expect(data.filter((n) => n.flags.is_spam).map((n) => n.contract)).toEqual([`${CHAIN}:${spamContract}`])
    // History flags the same transfers: the airdrop's item is spam, the demo collectible's are not.
    const nftTransfers = async (client: typeof api) => {
      const items = []
      let cursor: string | undefined
      do {
        const page = await client.history({ account: stack.holder, chainId: CHAIN, ...(cursor && { cursor }) })
        items.push(...page.data)
        cursor = page.next ?? undefined
      } while (cursor)
      return items.flatMap((item) => item.transfers.flatMap((t) => (t.nft_info ? [t.nft_info] : [])))
    }
    const flagged = await nftTransfers(flaggingApi)
    expect(flagged.filter((n) => n.flags?.is_spam).map((n) => n.name)).toEqual(['Airlock Demo Collectible #1'])
    expect(flagged.filter((n) => !n.flags?.is_spam)).toHaveLength(3)
    expect((await nftTransfers(api)).every((n) => n.flags?.is_spam === false)).toBe(true)
    await expect(startBlockchainApi({ spam: ['not-an-address'] })).rejects.toThrow(TypeError)
  })

  it('pages with an opaque cursor, each token once, next null at the end', async () => {
    const all = (await api.nfts({ address: stack.holder, chainId: CHAIN })).data
    const seen: NftItem[] = []
    let cursor: string | undefined
    let pages = 0
    do {
      const raw = await get(`/v1/account/${stack.holder}/nfts?chainId=${CHAIN}&limit=3${cursor ? `&cursor=${cursor}` : ''}`)
      expect(raw.status).toBe(200)
      const page = raw.body as { data: NftItem[]; next: string | null }
      expect(page.data.length).toBeLessThanOrEqual(3)
      seen.push(...page.data)
      cursor = page.next ?? undefined
      pages++
    } while (cursor && pages < 10)
    expect(pages).toBe(2)
    expect(seen).toEqual(all)
    // The client passes the cursor on.
    const first = await get(`/v1/account/${stack.holder}/nfts?chainId=${CHAIN}&limit=1`)
    const second = await api.nfts({ address: stack.holder, chainId: CHAIN, cursor: (first.body as { next: string }).next })
    expect(names(second.data)).toEqual(names(all.slice(1)))
  })

  it('follows a transfer: the token leaves the sender’s list and joins the receiver’s (ownerOf confirms)', async () => {
    const { DemoCollectible } = demoArtifacts()
    const data = encodeFunctionData({ abi: DemoCollectible.abi, functionName: 'transferFrom', args: [stack.holder, DEMO_FRIEND, 2n] })
    await send(stack.holder, { to: stack.contracts.collectible, data })
    expect(names((await api.nfts({ address: stack.holder, chainId: CHAIN })).data)).not.toContain('Airlock Collectible #2')
    expect(names((await api.nfts({ address: DEMO_FRIEND, chainId: CHAIN })).data)).toEqual(['Airlock Collectible #2'])
    const back = encodeFunctionData({ abi: DemoCollectible.abi, functionName: 'transferFrom', args: [DEMO_FRIEND, stack.holder, 2n] })
    await send(DEMO_FRIEND, { to: stack.contracts.collectible, data: back })
    expect(names((await api.nfts({ address: DEMO_FRIEND, chainId: CHAIN })).data)).toEqual([])
  })

  it('answers bad input with 400 and a reason, never 500, and keeps serving', async () => {
    const other = await get(`/v1/account/${stack.holder}/nfts?chainId=${CHAIN}&limit=1`)
    const cursor = (other.body as { next: string }).next
    const bad = [
      `/v1/account/0x1234/nfts?chainId=${CHAIN}`,
      `/v1/account/not-an-address/nfts`,
      `/v1/account/${stack.holder}/nfts?chainId=eip155:999`,
      `/v1/account/${stack.holder}/nfts?chainId=nope`,
      `/v1/account/${stack.holder}/nfts?chainId=solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp`,
      `/v1/account/${stack.holder}/nfts?chainId=${CHAIN}&cursor=%%%`,
      `/v1/account/${stack.holder}/nfts?chainId=${CHAIN}&cursor=${Buffer.from('{"v":1}').toString('base64url')}`,
      `/v1/account/${stack.holder}/nfts?chainId=${CHAIN}&cursor=${Buffer.from('[1,2').toString('base64url')}`,
      `/v1/account/${DEMO_FRIEND}/nfts?chainId=${CHAIN}&cursor=${cursor}`,
      `/v1/account/${stack.holder}/nfts?chainId=${CHAIN}&limit=0`,
      `/v1/account/${stack.holder}/nfts?chainId=${CHAIN}&limit=ten`,
    ]
    for (const path of bad) {
      const response = await fetch(`${stack.apiUrl}${path}`)
      expect(response.status, path).toBe(400)
      expect(((await response.json()) as { error: string }).error, path).toMatch(/\w/)
    }
    expect((await api.nfts({ address: stack.holder, chainId: CHAIN })).data.length).toBe(4)
  })
})
