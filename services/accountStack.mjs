// What the Account view reads, over a local anvil (and, when given, the local Solana cluster): the
// demo contracts deployed and funded, months of history seeded for the holder, and the Blockchain
// API (services/blockchain) indexing it all, with the demo's token list, identities read from the
// name contract, and the NFTs' metadata and images served from the API's own origin (/media/).
// `npm start` (services/demoStack.mjs) and the tests start it the same way.
//
// The contracts are deployed by anvil's third development account, so the holder (the demo
// wallet's account, anvil's first) holds what a visitor would: the amounts each holder is minted.
// The holder starts the history with 12.5 ether (anvil_setBalance).
// The history: the friend (anvil's second development account, unlocked on anvil) and the holder send each other ETH and the demo tokens, one transaction per block, the blocks' times
// spread evenly from the chain's latest block to an hour ago, so a chain started in the past
// (startAnvil's `timestamp`) shows months of activity.
import { createPublicClient, encodeFunctionData, getAddress, http, parseEther, parseUnits } from 'viem'
import { DEV_ACCOUNT, holdPort } from './chain/anvil.mjs'
import { DEMO_TOKENS, demoArtifacts, deployDemoContracts, minedReceipts } from './chain/demoContracts.mjs'
import { startBlockchainApi } from './blockchain/server.mjs'
import { startOnramp } from './onramp/server.mjs'
import { LOCAL_EXCHANGE_ACCOUNT, startExchange } from './exchange/server.mjs'
import { fundExchange } from './exchange/fund.mjs'
import { deployUniswap, demoPools } from './chain/uniswap.mjs'
import { timed } from './stepTimes.mjs'

/** anvil's third development account (a published development key): deploys the contracts. */
export const DEMO_DEPLOYER = {
  address: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
  privateKey: '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a',
}
/** anvil's second development account: the other side of the seeded history. */
export const DEMO_FRIEND = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
/** The friend's name (its primary name, with an avatar): what a visitor sends to by name. */
export const DEMO_FRIEND_NAME = 'friend.airlock.eth'
/** Collectibles the holder owns: ADC #1 (deployDemoContracts) and these more. */
export const DEMO_COLLECTIBLES = 3
/** The demo SPL token's listing in the API. */
export const DEMO_SPL = { name: 'Airlock Demo SPL', symbol: 'ADS', decimals: 6, priceUsd: 0.5 }
/** Seeded history transactions, besides the deployment's. */
export const DEMO_HISTORY_COUNT = 30

const COLLECTIBLE_COLOURS = ['#4f46e5', '#0891b2', '#db2777', '#65a30d']

function collectibleSvg(n) {
  const colour = COLLECTIBLE_COLOURS[(n - 1) % COLLECTIBLE_COLOURS.length]
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">` +
    `<rect width="256" height="256" fill="${colour}"/>` +
    `<circle cx="128" cy="112" r="56" fill="#fff" opacity=".85"/>` +
    `<text x="128" y="220" font-family="sans-serif" font-size="40" text-anchor="middle" fill="#fff">#${n}</text></svg>`
  )
}

const AVATAR_SVG =
  `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">` +
  `<rect width="96" height="96" rx="48" fill="#f59e0b"/><circle cx="48" cy="38" r="16" fill="#fff"/>` +
  `<rect x="22" y="60" width="52" height="24" rx="12" fill="#fff"/></svg>`

/** The files the API serves at /media/: each collectible's metadata and image, and the avatars. */
function demoMedia() {
  const media = {
    'avatar.svg': { type: 'image/svg+xml', body: AVATAR_SVG },
    'friend.svg': { type: 'image/svg+xml', body: AVATAR_SVG.replace('#f59e0b', '#10b981') },
  }
  for (let n = 1; n <= DEMO_COLLECTIBLES + 1; n++) {
    media[`${n}.svg`] = { type: 'image/svg+xml', body: collectibleSvg(n) }
    media[`${n}.json`] = {
      type: 'application/json',
      body: (base) =>
        JSON.stringify({ name: `Airlock Collectible #${n}`, description: 'A demo collectible on the local chain.', image: `${base}/media/${n}.svg` }),
    }
  }
  return media
}

async function rpc(url, method, params = []) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const body = await response.json()
  if (body.error) throw new Error(`${method}: ${body.error.message}`)
  return body.result
}

/**
 * Seeds the holder's history: `count` transfers between the holder and the counterparty (ETH,
 * ADT, ADD, USDT-L in turn; two in three incoming), each in its own block, the blocks' times
 * spread from after the latest block to an hour ago. Also mints collectibles #2.. to the holder and
 * registers DEMO_FRIEND_NAME for the counterparty.
 */
async function seedAccount({ rpcUrl, contracts, holder, count, mediaUrl }) {
  const { DemoToken, TetherStyleToken, DemoCollectible, NameRegistry } = demoArtifacts()
  const client = createPublicClient({ transport: http(rpcUrl) })
  const counterparty = DEMO_FRIEND
  const send = async (from, to, data, value = 0n) => {
    const hash = await rpc(rpcUrl, 'eth_sendTransaction', [{ from, to, data, value: `0x${value.toString(16)}` }])
    const [receipt] = await minedReceipts(client, [hash])
    if (receipt.status !== 'success') throw new Error(`seeding the demo history: ${hash} failed`)
  }
  const deployer = DEMO_DEPLOYER.address
  for (let n = 2; n <= DEMO_COLLECTIBLES; n++) {
    await send(deployer, contracts.collectible, encodeFunctionData({ abi: DemoCollectible.abi, functionName: 'mint', args: [holder] }))
  }
  await send(
    deployer,
    contracts.names,
    encodeFunctionData({ abi: NameRegistry.abi, functionName: 'register', args: [DEMO_FRIEND_NAME, counterparty, `${mediaUrl}/friend.svg`] }),
  )
  await send(
    deployer,
    contracts.names,
    encodeFunctionData({ abi: NameRegistry.abi, functionName: 'setPrimaryNameFor', args: [counterparty, DEMO_FRIEND_NAME] }),
  )
  // The counterparty needs the tokens it sends back.
  for (const key of ['adt', 'add']) {
    await send(
      deployer,
      contracts.tokens[key],
      encodeFunctionData({ abi: DemoToken.abi, functionName: 'mint', args: [counterparty, DEMO_TOKENS[key].perHolder] }),
    )
  }
  await send(
    deployer,
    contracts.tokens.usdt,
    encodeFunctionData({ abi: TetherStyleToken.abi, functionName: 'mint', args: [counterparty, DEMO_TOKENS.usdt.perHolder] }),
  )

  // What a visitor's wallet would hold, not a development account's 10,000 ether.
  await rpc(rpcUrl, 'anvil_setBalance', [holder, `0x${parseEther('12.5').toString(16)}`])
  const latest = await client.getBlock({ blockTag: 'latest' })
  const start = Number(latest.timestamp) + 60
  const end = Math.max(Math.floor(Date.now() / 1000) - 3600, start + count)
  const step = Math.max(1, Math.floor((end - start) / count))
  for (let i = 0; i < count; i++) {
    await rpc(rpcUrl, 'evm_setNextBlockTimestamp', [`0x${(start + i * step).toString(16)}`])
    const incoming = i % 3 !== 2
    const [from, to] = incoming ? [counterparty, holder] : [holder, counterparty]
    const kind = i % 4
    if (kind === 0) {
      await send(from, to, '0x', parseEther(incoming ? '0.05' : '0.01') * BigInt(1 + (i % 5)))
    } else {
      const key = ['adt', 'add', 'usdt'][kind - 1]
      const abi = key === 'usdt' ? TetherStyleToken.abi : DemoToken.abi
      const amount = parseUnits(String(1 + (i % 7)), DEMO_TOKENS[key].decimals)
      await send(from, contracts.tokens[key], encodeFunctionData({ abi, functionName: 'transfer', args: [to, amount] }))
    }
  }
}

/** The ether the deployer has at least when it seeds the pools (200 ether go into them). */
const SWAP_DEPLOYER_WEI = parseEther('1000')

/** Uniswap V2 and the demo's pools, deployed by DEMO_DEPLOYER (given ether first if it is short). */
async function deployDemoSwap(rpcUrl, tokens) {
  const client = createPublicClient({ transport: http(rpcUrl) })
  if ((await client.getBalance({ address: DEMO_DEPLOYER.address })) < SWAP_DEPLOYER_WEI)
    await rpc(rpcUrl, 'anvil_setBalance', [DEMO_DEPLOYER.address, `0x${SWAP_DEPLOYER_WEI.toString(16)}`])
  return deployUniswap({ rpcUrl, account: DEMO_DEPLOYER, pools: demoPools(tokens) })
}

/**
 * Deploys and seeds the demo on the anvil at `chain.rpcUrl` (the holder: by default DEV_ACCOUNT,
 * the demo wallet's account), then starts the Blockchain API over it (and over `solana`).
 *
 * ```js
 * const stack = await startAccountServices({ chain: { chainId: 31337, rpcUrl: anvil.url } })
 * stack.apiUrl // 'http://127.0.0.1:PORT': the product's apiUrls.blockchain
 * ```
 */
export async function startAccountServices({
  chain,
  solana,
  holder = DEV_ACCOUNT.address,
  history = DEMO_HISTORY_COUNT,
  port,
  pollMs = 250,
  log,
  db,
  profilesUrl,
  times,
} = {}) {
  // The API's URL is in the contracts (the collectibles' metadata, the avatars) before the API
  // starts: hold its port meanwhile, so no other server takes it in between.
  const held = port === undefined ? await holdPort() : undefined
  const apiPort = port ?? held.port
  const apiUrl = `http://127.0.0.1:${apiPort}`
  const mediaUrl = `${apiUrl}/media`
  let contracts
  let swap
  try {
    contracts = await timed(times, 'account: contracts', () =>
      deployDemoContracts({ rpcUrl: chain.rpcUrl, account: DEMO_DEPLOYER, holders: [holder], metadataBaseUrl: mediaUrl }),
    )
    await timed(times, 'account: history', () => seedAccount({ rpcUrl: chain.rpcUrl, contracts, holder: getAddress(holder), count: history, mediaUrl }))
    // The swap: Uniswap V2 with the demo's pools (ADT/ETH, ADD/ETH, ADT/ADD), seeded by the deployer
    // from its own supply, so the holder's balances and history stay as seeded.
    swap = await timed(times, 'account: swap', () => deployDemoSwap(chain.rpcUrl, contracts.tokens))
  } catch (error) {
    await held?.release()
    throw error
  }

  const names = createPublicClient({ transport: http(chain.rpcUrl) })
  const caip2 = `eip155:${chain.chainId}`
  const tokens = [
    { chainId: chain.chainId, address: contracts.tokens.adt, name: DEMO_TOKENS.adt.name, symbol: DEMO_TOKENS.adt.symbol, decimals: 18 },
    { chainId: chain.chainId, address: contracts.tokens.add, name: DEMO_TOKENS.add.name, symbol: DEMO_TOKENS.add.symbol, decimals: 6 },
    { chainId: chain.chainId, address: contracts.tokens.usdt, name: DEMO_TOKENS.usdt.name, symbol: DEMO_TOKENS.usdt.symbol, decimals: 6 },
    ...(solana?.mint ? [{ chainId: solana.caipNetworkId, address: solana.mint, ...DEMO_SPL }] : []),
  ]
  // The on-ramp (services/onramp): its widget on its own origin, its routes mounted in the API; it
  // delivers from the deployer's token supply and ether (and its own treasury on Solana).
  let onramp
  try {
    onramp = await timed(times, 'account: on-ramp', () =>
      startOnramp({
        evm: { chainId: chain.chainId, rpcUrl: chain.rpcUrl, tokens: contracts.tokens, treasury: DEMO_DEPLOYER },
        ...(solana && { solana: { caipNetworkId: solana.caipNetworkId, rpcUrl: solana.rpcUrl, ...(solana.mint && { mint: solana.mint }) } }),
        iconUrl: (symbol) => `${apiUrl}/v1/token-icon/${encodeURIComponent(symbol)}`,
        ...(log && { log }),
      }),
    )
  } catch (error) {
    await held?.release()
    throw error
  }
  // The exchanges a visitor may pay from (services/exchange, the `pay` feature): their pages on their
  // own origin, their routes mounted in the API; Local Exchange pays from its own account, given
  // ADD and ADT from the deployer's supply here.
  let exchange
  try {
    exchange = await timed(times, 'account: exchange', async () => {
      await fundExchange({
        rpcUrl: chain.rpcUrl,
        from: DEMO_DEPLOYER,
        to: LOCAL_EXCHANGE_ACCOUNT.address,
        tokens: [contracts.tokens.add, contracts.tokens.adt],
      })
      return startExchange({ evm: { chainId: chain.chainId, rpcUrl: chain.rpcUrl }, ...(log && { log }) })
    })
  } catch (error) {
    await Promise.all([held?.release(), onramp.stop()])
    throw error
  }
  let api
  try {
    api = await timed(times, 'account: API', () =>
      startBlockchainApi({
        // The held socket itself, never released first (see holdPort).
        ...(held ? { listenOn: held.server } : { port: apiPort }),
        evm: [{ chainId: chain.chainId, rpcUrl: chain.rpcUrl }],
        ...(solana && { solana: { caipNetworkId: solana.caipNetworkId, rpcUrl: solana.rpcUrl } }),
        tokens,
        names: [{ chainId: chain.chainId, address: contracts.names }],
        // Registers names (POST /v1/profile/account): the name contract's admin, so it sets primary names too.
        registrar: DEMO_DEPLOYER,
        // The used registration messages in airlock-server's database, when given it.
        ...(db && { db }),
        // Or names are airlock-server's (its `names` setting): /v1/profile/* are passed there.
        ...(profilesUrl !== undefined && { profilesUrl }),
        // Identity from the name contract: the primary name and its avatar text record.
        resolveIdentity: async (address, chainId) => {
          if (chainId !== caip2 || !/^0x[0-9a-fA-F]{40}$/.test(address)) return null
          const name = await names.getEnsName({ address: getAddress(address), universalResolverAddress: contracts.names })
          if (!name) return null
          const avatar = await names.getEnsText({ name, key: 'avatar', universalResolverAddress: contracts.names })
          return { name, avatar: avatar || null }
        },
        media: demoMedia(),
        routes: [...onramp.routes, ...exchange.routes],
        onrampHistory: onramp.onrampHistory,
        pollMs,
        swap: { chainId: chain.chainId, factory: swap.factory, router: swap.router, weth: swap.weth },
        ...(log && { log }),
      }),
    )
  } catch (error) {
    await Promise.all([held?.release(), onramp.stop(), exchange.stop()])
    throw error
  }
  return {
    apiUrl: api.url,
    api,
    contracts,
    tokens,
    holder: getAddress(holder),
    friend: { name: DEMO_FRIEND_NAME, address: DEMO_FRIEND },
    swap: { factory: swap.factory, router: swap.router, weth: swap.weth, pools: swap.pools },
    onramp: { url: onramp.url, provider: onramp.provider },
    exchange: { url: exchange.url, exchanges: exchange.exchanges, payments: exchange.payments },
    stop: () => Promise.all([api.stop(), onramp.stop(), exchange.stop()]).then(() => undefined),
  }
}
