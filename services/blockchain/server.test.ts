/**
 * The self-hosted Blockchain API against real local chains: an anvil with the demo contracts
 * (ERC-20s, a USDT-style token, an ERC-721 whose metadata a small server here answers) and the
 * local Solana endpoint with its demo SPL token. Every answer goes through the product's own
 * client (createBlockchainApi, which decodes with the codecs of src/remote/blockchain) or, for the
 * raw paths, is decoded with those codecs here; bad input answers 400 with a reason and the server
 * keeps serving; a chain that is down answers 502.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { isRight } from 'fp-ts/lib/Either'
import { createWalletClient, erc20Abi, getAddress, http, parseEther, parseUnits, type Address } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { Connection, Keypair, LAMPORTS_PER_SOL, PublicKey, SystemProgram, Transaction, sendAndConfirmTransaction } from '@solana/web3.js'
import { getAssociatedTokenAddressSync, getOrCreateAssociatedTokenAccount, transfer as splTransfer } from '@solana/spl-token'
import { DEV_ACCOUNT, startAnvil, type Anvil } from '../chain/anvil.mjs'
import { DEMO_HISTORY, DEMO_TOKENS, demoArtifacts, deployDemoContracts, type DemoContracts } from '../chain/demoContracts.mjs'
import { startSolana, type LocalSolana } from '../solana/server.mjs'
import { startBlockchainApi, type BlockchainApiService } from './server.mjs'
import { createBlockchainApi } from '../../src/remote/blockchain/client'
import { fungiblePrice, FungiblePriceResponse } from '../../src/plugins/swap/api'
import { BalanceResponse, HistoryResponse, IdentityResponse } from '../../src/remote/blockchain/account'
import { SupportedChainsResponse } from '../../src/remote/blockchain/chains'
import { AirlockError } from '../../src/kernel/errors'
import type { BlockchainApi, TokenBalance, TransactionItem } from '../../src/ports/blockchainApi'
import { idleMs } from '../../tests/support/until'

const CHAIN = 'eip155:31337'
/** anvil's second and third development accounts (unlocked on anvil, worthless elsewhere). */
const SECOND = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' as Address
const THIRD = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC' as Address
const FRESH = '0x000000000000000000000000000000000000dEaD' as Address
const SOL_SENDER = Keypair.generate()
const SDK = { projectId: 'p-local', sdkType: 'airlock', sdkVersion: 'airlock-test-1.0.0' }

let anvil: Anvil
let solana: LocalSolana
let contracts: DemoContracts
let metadata: Server
let metadataUrl = ''
let service: BlockchainApiService
let api: BlockchainApi
const identityCalls: [string, string][] = []
const logged: string[] = []

let wallet: ReturnType<typeof devWallet>
const devWallet = (url: string) => createWalletClient({ account: privateKeyToAccount(DEV_ACCOUNT.privateKey), transport: http(url) })
const rpc = (method: string, params: unknown[]) => anvil.rpc(method, params)
/** Send from an unlocked anvil account and wait for the receipt (automine: at once). */
async function sendFrom(from: Address, tx: Record<string, unknown>): Promise<string> {
  const hash = (await rpc('eth_sendTransaction', [{ from, ...tx }])) as string
  await rpc('eth_getTransactionReceipt', [hash])
  return hash
}
const hex = (n: bigint) => `0x${n.toString(16)}`

async function get(path: string, init?: RequestInit) {
  const response = await fetch(`${service.url}${path}`, init)
  const text = await response.text()
  return { status: response.status, headers: response.headers, body: text ? (JSON.parse(text) as Record<string, unknown>) : undefined }
}
const find = (balances: readonly TokenBalance[], symbol: string) => balances.find((b) => b.symbol === symbol)

beforeAll(async () => {
  metadata = createServer((req, res) => {
    const m = /^\/(\d+)\.json$/.exec(req.url ?? '')
    if (!m) return void res.writeHead(404).end()
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end(JSON.stringify({ name: `Demo Collectible ${m[1]}`, image: `${metadataUrl}/${m[1]}.svg` }))
  })
  await new Promise<void>((resolve) => metadata.listen(0, '127.0.0.1', resolve))
  metadataUrl = `http://127.0.0.1:${(metadata.address() as AddressInfo).port}`

  ;[anvil, solana] = await Promise.all([
    startAnvil({ chainId: 31337 }),
    startSolana({ accounts: [{ address: SOL_SENDER.publicKey.toBase58(), lamports: 10n * BigInt(LAMPORTS_PER_SOL), tokens: 5_000_000n }] }),
  ])
  wallet = devWallet(anvil.url)
  contracts = await deployDemoContracts({ rpcUrl: anvil.url, account: DEV_ACCOUNT, holders: [DEV_ACCOUNT.address, SECOND], metadataBaseUrl: metadataUrl })
  const t = contracts.tokens
  service = await startBlockchainApi({
    evm: [{ chainId: 31337, rpcUrl: anvil.url }],
    solana: { caipNetworkId: solana.caipNetworkId, rpcUrl: solana.url },
    tokens: [
      { chainId: 31337, address: t.adt, name: DEMO_TOKENS.adt.name, symbol: 'ADT', decimals: 18, priceUsd: 2 },
      { chainId: 31337, address: t.add, name: DEMO_TOKENS.add.name, symbol: 'ADD', decimals: 6, priceUsd: 1 },
      { chainId: 31337, address: t.usdt, name: DEMO_TOKENS.usdt.name, symbol: 'USDT-L', decimals: 6 },
      { chainId: solana.caipNetworkId, address: solana.mint, name: 'Airlock Demo SPL', symbol: 'ADS', decimals: 6, priceUsd: 0.5 },
    ],
    resolveIdentity: async (address, chainId) => {
      identityCalls.push([address, chainId])
      return address.toLowerCase() === DEV_ACCOUNT.address.toLowerCase() ? { name: contracts.name, avatar: contracts.avatar } : null
    },
    pollMs: 100,
    log: (m) => logged.push(m),
  })
  api = createBlockchainApi({ baseUrl: service.url, ...SDK, fetch })
  await service.indexed()
}, idleMs(60_000))

afterAll(async () => {
  await service?.stop()
  await Promise.all([anvil?.stop(), solana?.stop(), new Promise<void>((resolve) => (metadata ? metadata.close(() => resolve()) : resolve()))])
})

describe('the self-hosted Blockchain API', () => {
  it('lists its chains; the answer decodes with the product codec', async () => {
    const raw = await get(`/v1/supported-chains?projectId=${SDK.projectId}&st=${SDK.sdkType}&sv=${SDK.sdkVersion}`)
    expect(raw.status).toBe(200)
    expect(raw.headers.get('access-control-allow-origin')).toBe('*')
    expect(isRight(SupportedChainsResponse.decode(raw.body))).toBe(true)
    expect(await api.supportedChains()).toEqual({ http: [CHAIN, solana.caipNetworkId], ws: [] })
  })

  it('answers native and ERC-20 balances, read live, with price and value', async () => {
    const raw = await get(`/v1/account/${SECOND}/balance?currency=usd&chainId=${CHAIN}&projectId=p&st=a&sv=b`)
    expect(isRight(BalanceResponse.decode(raw.body))).toBe(true)
    const { balances } = await api.balance({ address: SECOND, chainId: CHAIN })
    const eth = find(balances, 'ETH')
    // 10,000 ether at genesis, plus the demo's 0.5.
    expect(eth).toMatchObject({ name: 'Ether', chainId: CHAIN, price: 3000, quantity: { decimals: '18', numeric: '10000.5' }, value: 30_001_500 })
    expect(eth?.address).toBeUndefined()
    expect(eth?.iconUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1\/token-icon\/ETH$/)
    expect(find(balances, 'ADT')).toMatchObject({
      address: `${CHAIN}:${getAddress(contracts.tokens.adt)}`,
      price: 2,
      quantity: { decimals: '18', numeric: '1025' },
      value: 2050,
    })
    expect(find(balances, 'ADD')).toMatchObject({ quantity: { decimals: '6', numeric: '5040' }, value: 5040 })
    expect(find(balances, 'USDT-L')).toMatchObject({ price: 1, quantity: { decimals: '6', numeric: '2510' } })
    // The icon it points at is served.
    const icon = await fetch(eth?.iconUrl ?? '')
    expect(icon.headers.get('content-type')).toBe('image/svg+xml')
    // An account with no tokens: the native balance only (a zero one included).
    const fresh = await api.balance({ address: FRESH, chainId: CHAIN })
    expect(fresh.balances).toEqual([expect.objectContaining({ symbol: 'ETH', quantity: { decimals: '18', numeric: '0' }, value: 0 })])
  })

  it('shows a transfer made now in both sides’ history, with direction and amount', async () => {
    const amount = parseUnits('7.5', 18)
    const hash = await wallet.writeContract({ chain: null, address: contracts.tokens.adt, abi: erc20Abi, functionName: 'transfer', args: [THIRD, amount] })
    await rpc('eth_getTransactionReceipt', [hash])
    await service.indexed()

    const received = await api.history({ account: THIRD, chainId: CHAIN })
    expect(isRight(HistoryResponse.decode(received))).toBe(true)
    const inItem = received.data[0] as TransactionItem
    expect(inItem.metadata).toMatchObject({ operationType: 'receive', status: 'confirmed', sentFrom: DEV_ACCOUNT.address, sentTo: THIRD, chain: CHAIN, hash })
    expect(inItem.id).toMatch(new RegExp(`^${hash}:\\d+$`))
    expect(new Date(inItem.metadata.minedAt).getTime()).toBeGreaterThan(Date.now() - 120_000)
    expect(inItem.transfers).toEqual([
      {
        fungible_info: { name: DEMO_TOKENS.adt.name, symbol: 'ADT', icon: { url: expect.any(String) } },
        direction: 'in',
        quantity: { numeric: '7.5' },
        value: 15,
        price: 2,
      },
    ])

    const sent = await api.history({ account: DEV_ACCOUNT.address, chainId: CHAIN })
    expect(sent.data[0]).toMatchObject({
      id: inItem.id,
      metadata: { operationType: 'send', hash, sentFrom: DEV_ACCOUNT.address, sentTo: THIRD },
      transfers: [{ direction: 'out', quantity: { numeric: '7.5' } }],
    })
    // The demo's own history is there too: SECOND received 0.5 ETH and tokens from the deployer.
    const second = await api.history({ account: SECOND, chainId: CHAIN })
    const eth = second.data.find((i) => i.transfers[0]?.fungible_info?.symbol === 'ETH')
    expect(eth).toMatchObject({ metadata: { operationType: 'receive' }, transfers: [{ direction: 'in', quantity: { numeric: '0.5' }, value: 1500 }] })
    expect(BigInt(parseEther('0.5'))).toBe(DEMO_HISTORY.eth)
  })

  it('pages 20 at a time, newest first, with an opaque cursor, and next null at the end', async () => {
    const account = getAddress('0x00000000000000000000000000000000000a11ce')
    for (let i = 1; i <= 25; i++) await sendFrom(SECOND, { to: account, value: hex(BigInt(i)) })
    await service.indexed()
    const first = await api.history({ account, chainId: CHAIN })
    expect(first.data).toHaveLength(20)
    expect(first.next).toMatch(/^[A-Za-z0-9_-]+$/)
    const second = await api.history({ account, chainId: CHAIN, cursor: first.next ?? '' })
    expect(second.data).toHaveLength(5)
    expect(second.next).toBeNull()
    const amounts = [...first.data, ...second.data].map((i) => i.transfers[0]?.quantity?.numeric)
    expect(amounts).toEqual(Array.from({ length: 25 }, (_, i) => formatWei(25 - i)))
    // A limit of up to 100; the cursor of a page stays good after new transactions arrive.
    const small = await get(`/v1/account/${account}/history?chainId=${CHAIN}&limit=3`)
    expect((small.body?.data as unknown[]).length).toBe(3)
    await sendFrom(SECOND, { to: account, value: hex(26n) })
    await service.indexed()
    const rest = await get(`/v1/account/${account}/history?chainId=${CHAIN}&limit=100&cursor=${small.body?.next as string}`)
    expect((rest.body?.data as TransactionItem[]).map((i) => i.transfers[0]?.quantity?.numeric)).toEqual(
      Array.from({ length: 22 }, (_, i) => formatWei(22 - i)),
    )
    expect(rest.body?.next).toBeNull()
  })

  it('records an ERC-721 transfer with nft_info, and a reverted transaction as failed', async () => {
    const { DemoCollectible } = demoArtifacts()
    const hash = await wallet.writeContract({
      chain: null,
      address: contracts.collectible,
      abi: DemoCollectible.abi,
      functionName: 'transferFrom',
      args: [DEV_ACCOUNT.address, SECOND, 1n],
    })
    await rpc('eth_getTransactionReceipt', [hash])
    // THIRD tries to send more ADT than it has: mined, reverted.
    const failed = await sendFrom(THIRD, {
      to: contracts.tokens.adt,
      gas: hex(100_000n),
      data: `0xa9059cbb${SECOND.slice(2).toLowerCase().padStart(64, '0')}${(10n ** 30n).toString(16).padStart(64, '0')}`,
    })
    await service.indexed()

    const { data } = await api.history({ account: SECOND, chainId: CHAIN })
    const nft = data.find((i) => i.id.startsWith(`${hash}:`))
    expect(nft?.metadata).toMatchObject({ operationType: 'receive', sentFrom: DEV_ACCOUNT.address, sentTo: SECOND })
    expect(nft?.transfers).toEqual([
      {
        nft_info: expect.objectContaining({
          name: 'Demo Collectible 1',
          flags: { is_spam: false },
          content: { preview: { url: `${metadataUrl}/1.svg` } },
          contract_address: getAddress(contracts.collectible),
          token_id: '1',
        }),
        direction: 'in',
        quantity: { numeric: '1' },
      },
    ])
    const given = (await api.history({ account: DEV_ACCOUNT.address, chainId: CHAIN })).data.find((i) => i.id.startsWith(`${hash}:`))
    expect(given?.transfers[0]).toMatchObject({ direction: 'out', nft_info: { name: 'Demo Collectible 1' } })

    const third = await api.history({ account: THIRD, chainId: CHAIN })
    expect(third.data[0]).toMatchObject({ metadata: { hash: failed, status: 'failed', operationType: 'execute', sentFrom: THIRD }, transfers: [] })
  })

  it('indexes Solana SOL and SPL transfers for the addresses asked about', async () => {
    const connection = new Connection(solana.url, { wsEndpoint: solana.wsUrl, commitment: 'confirmed' })
    const receiver = Keypair.generate().publicKey
    const sender = SOL_SENDER.publicKey.toBase58()
    // Asked about before anything happened: the seeding only.
    const before = await api.history({ account: sender, chainId: solana.caipNetworkId })
    await sendAndConfirmTransaction(
      connection,
      new Transaction().add(SystemProgram.transfer({ fromPubkey: SOL_SENDER.publicKey, toPubkey: receiver, lamports: LAMPORTS_PER_SOL / 4 })),
      [SOL_SENDER],
    )
    const mint = new PublicKey(solana.mint)
    const receiverAta = await getOrCreateAssociatedTokenAccount(connection, SOL_SENDER, mint, receiver)
    const splSignature = await splTransfer(
      connection,
      SOL_SENDER,
      getAssociatedTokenAddressSync(mint, SOL_SENDER.publicKey),
      receiverAta.address,
      SOL_SENDER,
      1_250_000n,
    )

    const got = await api.history({ account: receiver.toBase58(), chainId: solana.caipNetworkId })
    expect(isRight(HistoryResponse.decode(got))).toBe(true)
    const spl = got.data[0]
    expect(spl?.metadata).toMatchObject({
      hash: splSignature,
      operationType: 'receive',
      status: 'confirmed',
      sentFrom: sender,
      sentTo: receiver.toBase58(),
      chain: solana.caipNetworkId,
    })
    expect(spl?.transfers).toEqual([
      {
        fungible_info: { name: 'Airlock Demo SPL', symbol: 'ADS', icon: { url: expect.any(String) } },
        direction: 'in',
        quantity: { numeric: '1.25' },
        value: 0.625,
        price: 0.5,
      },
    ])
    const sol = got.data.find((i) => i.transfers.some((t) => t.fungible_info?.symbol === 'SOL' && t.quantity?.numeric === '0.25'))
    expect(sol?.metadata).toMatchObject({ operationType: 'receive', sentFrom: sender, sentTo: receiver.toBase58() })

    const mine = await api.history({ account: sender, chainId: solana.caipNetworkId })
    expect(mine.data.length).toBeGreaterThan(before.data.length)
    expect(mine.data[0]).toMatchObject({
      metadata: { hash: splSignature, operationType: 'send' },
      transfers: [{ direction: 'out', quantity: { numeric: '1.25' } }],
    })
    expect(mine.data.find((i) => i.transfers.some((t) => t.quantity?.numeric === '0.25'))?.transfers[0]).toMatchObject({ direction: 'out', value: 37.5 })

    const { balances } = await api.balance({ address: receiver.toBase58(), chainId: solana.caipNetworkId })
    expect(find(balances, 'SOL')).toMatchObject({ chainId: solana.caipNetworkId, price: 150, quantity: { decimals: '9', numeric: '0.25' } })
    expect(find(balances, 'ADS')).toMatchObject({
      address: `${solana.caipNetworkId}:${solana.mint}`,
      quantity: { decimals: '6', numeric: '1.25' },
      value: 0.625,
    })
  })

  it('answers prices by CAIP-10 address', async () => {
    const addresses = [`${CHAIN}:${contracts.tokens.adt}`, `${CHAIN}:0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE`, `${solana.caipNetworkId}:${solana.mint}`]
    const raw = await get('/v1/fungible/price', { method: 'POST', body: JSON.stringify({ currency: 'usd', addresses, projectId: 'p' }) })
    expect(isRight(FungiblePriceResponse.decode(raw.body))).toBe(true)
    const { fungibles } = await fungiblePrice(api, { currency: 'usd', addresses })
    expect(fungibles.map((f) => [f.symbol, f.price])).toEqual([
      ['ADT', 2],
      ['ETH', 3000],
      ['ADS', 0.5],
    ])
  })

  it('answers identities from the injected resolver, nulls when none', async () => {
    const raw = await get(`/v1/identity/${DEV_ACCOUNT.address}?sender=${SECOND}`)
    expect(isRight(IdentityResponse.decode(raw.body))).toBe(true)
    expect(await api.identity({ address: DEV_ACCOUNT.address })).toEqual({ name: contracts.name, avatar: contracts.avatar })
    expect(identityCalls.at(-1)).toEqual([DEV_ACCOUNT.address, CHAIN])
    expect(await api.identity({ address: THIRD })).toEqual({ name: null, avatar: null })
  })

  it('answers bad input with 400 and a reason, and keeps serving', async () => {
    const cases: [string, RegExp][] = [
      [`/v1/account/0x1234/balance?chainId=${CHAIN}`, /not an address/],
      [`/v1/account/${SECOND}/balance?chainId=eip155:999`, /unsupported chainId/],
      [`/v1/account/${SECOND}/balance?chainId=nonsense`, /malformed chainId/],
      [`/v1/account/${SECOND}/history?chainId=${solana.caipNetworkId}`, /not an address/],
      [`/v1/account/${SECOND}/history?chainId=${CHAIN}&cursor=%%%`, /malformed cursor/],
      [`/v1/account/${SECOND}/history?chainId=${CHAIN}&cursor=bm90LWpzb24`, /malformed cursor/],
      [`/v1/account/${SECOND}/history?chainId=${CHAIN}&limit=-1`, /limit/],
      [`/v1/account/${SECOND}/balance?currency=eur`, /currency/],
      [`/v1/identity/not-an-address`, /not an address/],
    ]
    for (const [path, reason] of cases) {
      const answer = await get(path)
      expect(answer.status, path).toBe(400)
      expect(answer.body?.error, path).toMatch(reason)
    }
    // A cursor of another account is refused.
    const other = await get(`/v1/account/${DEV_ACCOUNT.address}/history?chainId=${CHAIN}&limit=1`)
    expect(other.body?.next).toEqual(expect.any(String))
    const foreign = await get(`/v1/account/${SECOND}/history?chainId=${CHAIN}&cursor=${other.body?.next as string}`)
    expect(foreign).toMatchObject({ status: 400, body: { error: expect.stringMatching(/another account/) } })
    // Through the client: SPEC §8's status error with the server's reason.
    const error = await api.balance({ address: 'nope', chainId: CHAIN }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(AirlockError)
    expect(error).toMatchObject({ message: 'HTTP status code: 400', details: expect.stringMatching(/not an address/) })
    // Bodies that are not JSON or not of the shape; unknown paths; preflight.
    expect((await get('/v1/fungible/price', { method: 'POST', body: '{' })).status).toBe(400)
    expect((await get('/v1/fungible/price', { method: 'POST', body: JSON.stringify({ addresses: ['eip155:31337:0x12'] }) })).status).toBe(400)
    expect((await get('/v1/nothing-here')).status).toBe(404)
    expect((await get('/v1/fungible/price')).status).toBe(405)
    const preflight = await get('/v1/fungible/price', {
      method: 'OPTIONS',
      headers: { origin: 'http://example.test', 'access-control-request-method': 'POST' },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*')
    expect(preflight.headers.get('access-control-allow-methods')).toMatch(/POST/)
    // Still serving.
    expect((await get('/v1/supported-chains')).status).toBe(200)
    expect(logged.filter((m) => /internal/.test(m))).toEqual([])
  })

  it('merges several EVM chains newest first, follows a revert, and answers 502 while a chain is down', async () => {
    const other = await startAnvil({ chainId: 1337 })
    const messages: string[] = []
    const multi = await startBlockchainApi({
      evm: [
        { chainId: 31337, rpcUrl: anvil.url },
        { chainId: 1337, rpcUrl: other.url },
      ],
      prices: { ETH: 2500 },
      pollMs: 50,
      log: (m) => messages.push(m),
    })
    const send = async (on: Anvil, to: Address, wei: bigint) => {
      const hash = await on.rpc('eth_sendTransaction', [{ from: SECOND, to, value: hex(wei) }])
      await on.rpc('eth_getTransactionReceipt', [hash])
    }
    try {
      const account = getAddress('0x0000000000000000000000000000000000000b0b')
      await send(anvil, account, 1n)
      await send(other, account, 2n)
      await send(anvil, account, 3n)
      await multi.indexed()
      expect(await (await fetch(`${multi.url}/v1/supported-chains`)).json()).toEqual({ http: [CHAIN, 'eip155:1337'], ws: [] })
      // No chainId: every chain the address fits, one page at a time.
      const seen: TransactionItem[] = []
      let cursor = ''
      for (let i = 0; i < 5; i++) {
        const answer = await fetch(`${multi.url}/v1/account/${account}/history?limit=1${cursor ? `&cursor=${cursor}` : ''}`)
        const page = (await answer.json()) as { data: TransactionItem[]; next: string | null }
        expect(isRight(HistoryResponse.decode(page))).toBe(true)
        seen.push(...page.data)
        if (page.next === null) break
        cursor = page.next
      }
      expect(seen.map((i) => [i.metadata.chain, i.transfers[0]?.quantity?.numeric]).sort()).toEqual([
        ['eip155:1337', formatWei(2)],
        [CHAIN, formatWei(1)],
        [CHAIN, formatWei(3)],
      ])
      const times = seen.map((i) => Date.parse(i.metadata.minedAt))
      expect(times).toEqual([...times].sort((a, b) => b - a))
      // A cursor made for both chains is not one for a single chain.
      const single = await fetch(`${multi.url}/v1/account/${account}/history?chainId=${CHAIN}&limit=1`)
      const singleNext = ((await single.json()) as { next: string }).next
      expect((await fetch(`${multi.url}/v1/account/${account}/history?cursor=${singleNext}`)).status).toBe(400)

      // anvil_revert, then as many blocks again: the reverted transfer leaves the history.
      const snapshot = await other.rpc('evm_snapshot', [])
      await send(other, account, 5n)
      await multi.indexed()
      const amountsOn1337 = async () =>
        (await (await fetch(`${multi.url}/v1/account/${account}/history?chainId=eip155:1337`)).json()) as { data: TransactionItem[] }
      expect((await amountsOn1337()).data.map((i) => i.transfers[0]?.quantity?.numeric)).toEqual([formatWei(5), formatWei(2)])
      await other.rpc('evm_revert', [snapshot])
      await send(other, account, 7n)
      await multi.indexed()
      expect((await amountsOn1337()).data.map((i) => i.transfers[0]?.quantity?.numeric)).toEqual([formatWei(7), formatWei(2)])
      // A pass between the revert and the new block sees a shorter chain; one after it, another block at that height.
      expect(messages.some((m) => /changed under the index|shorter than what was indexed/.test(m))).toBe(true)

      await other.stop()
      const answer = await fetch(`${multi.url}/v1/account/${SECOND}/balance?chainId=eip155:1337`)
      expect(answer.status).toBe(502)
      expect(((await answer.json()) as { error: string }).error).toMatch(/eip155:1337 is unavailable/)
      expect((await fetch(`${multi.url}/v1/account/${SECOND}/history?chainId=eip155:1337`)).status).toBe(502)
      // The other chain, and the rest, still answer (at this instance's own ETH price).
      const still = await fetch(`${multi.url}/v1/account/${SECOND}/balance?chainId=${CHAIN}`)
      expect(still.status).toBe(200)
      expect(((await still.json()) as { balances: TokenBalance[] }).balances[0]).toMatchObject({ symbol: 'ETH', price: 2500 })
      expect((await fetch(`${multi.url}/v1/supported-chains`)).status).toBe(200)
      expect(messages.some((m) => /eip155:1337 is unavailable/.test(m))).toBe(true)
    } finally {
      await multi.stop()
      await other.stop()
    }
  })
})

/** n wei in ether, as the API writes it. */
function formatWei(n: number): string {
  return `0.${String(n).padStart(18, '0')}`.replace(/0+$/, '')
}
