// A self-hosted Blockchain API (SPEC §7) over the local chains: supported chains, balances read
// live by RPC, token prices from a fixed local table, transaction history from an indexer that
// follows each EVM chain and, on demand, the Solana accounts asked about, identities from an
// injected resolver, name profiles from ENS-compatible name contracts (./profiles.mjs), and the
// ERC-721 tokens an account owns (./nfts.mjs, a path of ours: SPEC §7 names none). Given
// `profilesUrl` (airlock-server's URL), it serves no names of its own: /v1/profile/* go there.
// Loopback only, CORS open ('*': it serves public chain data), JSON answers.
//
// The indexer, per EVM chain (viem public client, JSON-RPC requests batched):
// - polls eth_blockNumber, reads each new block with its transactions, the block receipts (for
//   the status of each transaction) and eth_getLogs with the Transfer topic over the range;
// - records, for every address a transaction touches (its sender, its recipient, each side of a
//   transfer): native value (> 0, top-level only), ERC-20 transfers (3 topics) with the token's
//   name, symbol and decimals, ERC-721 transfers (4 topics) with the collection's name and the
//   token's tokenURI (and the metadata's name and image when the URI is data: or http(s) and
//   answers within 1.5 s); a reverted transaction is recorded as 'failed', with no transfers;
// - starts again from block 0 when the chain's history changes under it (anvil_revert, a restart).
// Solana is indexed per address on the first request for it, then brought up to date on each:
// getSignaturesForAddress for the address and its token accounts, getTransaction for each new
// signature; SOL moves from pre/post balances (the fee added back for the fee payer), SPL moves
// from pre/postTokenBalances of the accounts the address owns.
//
// History is one item per transaction per address, newest first, 20 a page (`limit` up to 100);
// a request first brings its chains up to their head, so a transaction just mined is in it. The
// cursor is opaque: base64url of the account, the chains and, per chain, the position (block and
// transaction index, or slot and signature) of the last item already given, so items indexed later
// never shift a page; one made for another account or set of chains is refused (400). Without
// chainId, every served chain the address fits is merged by time. An item's id is the hash and the
// index of its first Transfer log (`${hash}:tx` when it has none; the signature on Solana); its
// operationType is 'send' (only outgoing, or to itself), 'receive' (only incoming) or 'execute'.
//
// Balances: the native one (even when 0), then each token configured, moved by the address (as
// indexed) or named in forceUpdate, when the address holds some; all read live (balanceOf,
// getTokenAccountsByOwner). Prices: `prices` by CAIP-10 or bare address, then a token's priceUsd,
// then `prices` and DEFAULT_PRICES by symbol, else 0.
//
// Its parts: ./routes.mjs (the API's routes), ./http.mjs (CORS, bodies, icons, media, the profile
// forwarding, errors), ./evmIndexer.mjs and ./solanaIndexer.mjs (the indexers), ./history.mjs
// (positions, cursors, pages), ./tokens.mjs (amounts, prices, icons, NFT metadata),
// ./addresses.mjs (chain ids and addresses) and ./constants.mjs; this file starts them.
import { createServer } from 'node:http'
import { CAIP2, normalizeChainId, validAddress } from './addresses.mjs'
import { evmChain } from './evmIndexer.mjs'
import { requestHandler } from './http.mjs'
import { spamTest } from './nfts.mjs'
import { nameProfiles, REGISTRATION_MAX_AGE_MS } from './profiles.mjs'
import { apiRoutes, requestTarget } from './routes.mjs'
import { solanaChain } from './solanaIndexer.mjs'
import { priceBook } from './tokens.mjs'
import { databaseUsedMessages } from './usedMessages.mjs'

export { DEFAULT_PRICES, EVM_NATIVE_ADDRESS, MAX_PAGE_SIZE, PAGE_SIZE, SOLANA_NATIVE_MINT, TRANSFER_TOPIC } from './constants.mjs'

/**
 * Start the service on 127.0.0.1. Resolves once it listens; the EVM indexers start at once (see
 * `indexed()` to wait for them).
 */
export async function startBlockchainApi({
  port = 0,
  // A listening socket held for this service (services/chain/anvil.mjs holdPort's `server`): taken
  // over as it is, instead of `port`.
  listenOn,
  evm = [],
  solana,
  tokens = [],
  prices,
  resolveIdentity,
  names = [],
  nameZone,
  spam = [],
  media = {},
  pollMs = 500,
  registrar,
  swap,
  routes: extraRoutes = [],
  onrampHistory,
  db,
  profilesUrl,
  log = (m) => console.error(m),
} = {}) {
  if (!Array.isArray(evm)) throw new TypeError('evm must be an array of { chainId, rpcUrl }')
  for (const c of evm) {
    if (!Number.isSafeInteger(c?.chainId) || c.chainId <= 0) throw new TypeError(`evm: not a chain id: ${c?.chainId}`)
    if (typeof c.rpcUrl !== 'string') throw new TypeError(`evm: no rpcUrl for chain ${c.chainId}`)
  }
  if (solana && (!CAIP2.test(solana.caipNetworkId ?? '') || typeof solana.rpcUrl !== 'string')) throw new TypeError('solana must be { caipNetworkId, rpcUrl }')
  const tokenList = tokens.map((t) => ({ ...t, chain: normalizeChainId(t.chainId), address: t.address }))
  for (const t of tokenList) {
    if (!validAddress(t.chain, t.address)) throw new TypeError(`tokens: not an address on ${t.chain}: ${t.address}`)
    if (typeof t.name !== 'string' || typeof t.symbol !== 'string' || !Number.isInteger(t.decimals))
      throw new TypeError(`tokens: ${t.address} needs name, symbol and decimals`)
  }
  // Used registration messages in the database when given one (airlock-server's): shared by
  // instances, kept across restarts.
  const usedMessages = db === undefined ? undefined : databaseUsedMessages({ db, maxAgeMs: REGISTRATION_MAX_AGE_MS })
  const profiles = nameProfiles({ names, evm, ...(nameZone && { zone: nameZone }), ...(registrar && { registrar }), ...(usedMessages && { usedMessages }) })
  const priceOf = priceBook(prices)
  let baseUrl = ''
  const iconFor = (symbol) => `${baseUrl}/v1/token-icon/${encodeURIComponent(symbol)}`

  const chains = new Map()
  for (const c of evm) {
    const chain = evmChain(c, { tokens: tokenList, priceOf, iconFor, log, pollMs, isSpam: spamTest(spam) })
    chains.set(chain.caip2, chain)
  }
  if (solana) chains.set(solana.caipNetworkId, solanaChain(solana, { tokens: tokenList, priceOf, iconFor }))

  const target = requestTarget(chains)
  const routes = apiRoutes({ chains, target, spam, onrampHistory, resolveIdentity, profiles, swap, evm, tokens: tokenList, priceOf, iconFor, extraRoutes })
  const handle = requestHandler({ routes, profilesUrl, media, baseUrl: () => baseUrl, log })

  const server = createServer((req, res) => void handle(req, res))
  await new Promise((resolve, reject) => {
    server.once('error', reject)
    if (listenOn) server.listen(listenOn, resolve)
    else server.listen(port, '127.0.0.1', resolve)
  })
  baseUrl = `http://127.0.0.1:${server.address().port}`
  for (const chain of chains.values()) chain.start?.()

  return {
    url: baseUrl,
    port: server.address().port,
    /** Resolves once every EVM chain is indexed up to its head as of the call (and known Solana accounts are up to date). */
    async indexed() {
      await Promise.all([...chains.values()].map((c) => c.caughtUp()))
    },
    stop: async () => {
      const stopping = Promise.all([...chains.values()].map((chain) => chain.stop?.()))
      server.closeAllConnections?.()
      await Promise.all([new Promise((resolve) => server.close(() => resolve())), stopping])
    },
  }
}
