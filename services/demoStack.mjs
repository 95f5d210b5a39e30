// Everything the demo page talks to, started together on 127.0.0.1: two anvil chains, a local
// Solana cluster (litesvm), a Bitcoin regtest node behind an Esplora API (bcoin), the config
// service, the WalletConnect relay, the Blockchain API with the demo contracts and months of
// history on the first chain (services/accountStack.mjs; `accountServices: false` leaves them
// out, for tests about connecting that want the development accounts untouched), and the static server of the built demo with /env.json telling
// the page where they are. (In production a site uses the WalletConnect network's relay and public
// Solana RPC and Esplora endpoints.) `npm start` runs it; the browser tests start their own with
// ports picked for them.
import { startDemoChains } from './chain/anvil.mjs'
import { startStaticServer } from './static/server.mjs'
import { startRelay } from './relay/relay.mjs'
import { DEMO_SOLANA_ADDRESS, DEMO_SOLANA_SECRET_KEY, startSolana } from './solana/server.mjs'
import { DEMO_BITCOIN_ORDINALS_ADDRESS, DEMO_BITCOIN_PAYMENT_ADDRESS, DEMO_BITCOIN_WIF, startBitcoin } from './bitcoin/server.mjs'
import { DEMO_DEPLOYER, startAccountServices } from './accountStack.mjs'
import { ONRAMP_SOLANA_TREASURY } from './onramp/delivery.mjs'
import { DEMO_PROJECT_ID, startEmbeddedParts } from './embeddedStack.mjs'
import { startDevTools } from './devTools.mjs'
import { storedSessions } from './sessions/server.mjs'
import { startAirlockServer } from '../server/app.mjs'
import { openDatabase } from '../server/db/database.mjs'
import { timed } from './stepTimes.mjs'
import { cachedFrameBuild } from './frame/cachedBuild.mjs'

/** How far in the past the demo chains start, so the seeded history spans months. */
const DEMO_CHAIN_AGE_SECONDS = 400 * 24 * 3600
/** The bip122 CAIP-2 reference of regtest (its genesis hash's first 32 characters). */
const BIP122_REGTEST_REFERENCE = '0f9188f13cb7b2c71f2a335e3a4fc328'

/** What the demo wallet holds at start: 10 SOL and 1,000 of the demo token; 1 BTC on its payment address. */
export const DEMO_SOLANA_LAMPORTS = 10_000_000_000n
export const DEMO_SOLANA_TOKENS = 1_000_000_000n
export const DEMO_BITCOIN_SATS = 100_000_000n
/** What the on-ramp's Solana treasury holds at start: 1,000 SOL and 1,000,000 of the demo token. */
const ONRAMP_SOLANA_LAMPORTS = 1_000_000_000_000n
const ONRAMP_SOLANA_TOKENS = 1_000_000_000_000n

export async function startDemoStack({
  port = 0,
  root = 'demo',
  relayPort = 0,
  accountServices = true,
  embedded = true,
  authNow,
  relayNow,
  approvalTimeoutMs,
  dataDir,
  times,
} = {}) {
  const started = []
  // airlock-server stops before the rest (its database among them).
  let stopServer = async () => undefined
  // The database closes last, once nothing uses it.
  let closeDb = async () => undefined
  const stopAll = () => Promise.all(started.map((s) => s.stop()))
  try {
    const demo = await timed(times, 'chains', () => startDemoChains({ startedAgoSeconds: accountServices ? DEMO_CHAIN_AGE_SECONDS : 0 }))
    started.push(demo)
    const solana = await timed(times, 'solana', () =>
      startSolana({
        accounts: [
          { address: DEMO_SOLANA_ADDRESS, lamports: DEMO_SOLANA_LAMPORTS, tokens: DEMO_SOLANA_TOKENS },
          // The on-ramp's treasury (services/onramp): the SOL and demo SPL tokens it sells on Solana.
          { address: ONRAMP_SOLANA_TREASURY.publicKey.toBase58(), lamports: ONRAMP_SOLANA_LAMPORTS, tokens: ONRAMP_SOLANA_TOKENS },
        ],
      }),
    )
    started.push(solana)
    const bitcoin = await timed(times, 'bitcoin', () => startBitcoin({ accounts: [{ address: DEMO_BITCOIN_PAYMENT_ADDRESS, sats: DEMO_BITCOIN_SATS }] }))
    started.push(bitcoin)
    const relay = await timed(times, 'relay', () => startRelay({ port: relayPort, ...(relayNow && { now: relayNow }) }))
    started.push({ stop: () => relay.close() })
    // airlock-server's database: the embedded one in `dataDir` (npm start: a temporary directory),
    // else in memory.
    const db = await timed(times, 'database', () => openDatabase(dataDir === undefined ? {} : { dataDir }))
    closeDb = () => db.close()
    // The secure frame's site, which airlock-server serves: built once and reused while nothing it
    // bundles changes (services/frame/cachedBuild.mjs), not bundled again by every stack.
    const frameBuild = await timed(times, 'frame build', () => cachedFrameBuild())
    // airlock-server registers names (its `names` setting, below); the Blockchain API, which the
    // modal calls for them (SPEC §7), passes /v1/profile/* to it once it listens.
    let airlockUrl
    const account = accountServices
      ? await timed(times, 'account', () =>
          startAccountServices({
            chain: demo.chains[0],
            solana: { caipNetworkId: solana.caipNetworkId, rpcUrl: solana.url, mint: solana.mint },
            profilesUrl: () => airlockUrl,
            times,
          }),
        )
      : undefined
    if (account) started.push(account)
    // The embedded wallet's local parts (the SMTP sink, the bundler, the social and Farcaster stand-ins).
    const parts = embedded ? await timed(times, 'embedded', () => startEmbeddedParts({ chains: demo.chains, times })) : undefined
    if (parts) started.push(parts)
    // airlock-server (server/app.mjs), as a site runs it: the config API, the auth service, sign-in
    // with a wallet (`?siwx=1`) and the secure frame, on that database.
    const airlock = await timed(times, 'airlock-server', () =>
      startAirlockServer(
        {
          port: 0,
          framePort: 0,
          host: '127.0.0.1',
          dataDir: dataDir ?? '',
          ...(parts && { smtpUrl: parts.smtpUrl }),
          siteOrigins: [],
          siwxChains: [...demo.chains.map((c) => `eip155:${c.chainId}`), solana.caipNetworkId, `bip122:${BIP122_REGTEST_REFERENCE}`],
          chains: parts?.chains ?? demo.chains.map(({ chainId, rpcUrl, name }) => ({ chainId, rpcUrl, name })),
          // The demo's project and the example plugin site's (tests/e2e/exampleApp.ts): SPEC §5's
          // default origins (loopback) only.
          projects: { [DEMO_PROJECT_ID]: { allowedOrigins: [], name: 'Airlock demo' }, 'example-plugin-site': { allowedOrigins: [] } },
          // Name registration on the demo's name contract, from its admin (the deployer).
          ...(account && {
            names: [{ chainId: demo.chains[0].chainId, address: account.contracts.names }],
            nameRegistrarKey: DEMO_DEPLOYER.privateKey,
          }),
        },
        {
          db,
          log: () => undefined,
          ...(authNow && { now: authNow }),
          authRoutes: parts?.authRoutes ?? [],
          frame: { outdir: frameBuild, solana: { rpcUrl: solana.url }, ...(approvalTimeoutMs !== undefined && { approvalTimeoutMs }) },
        },
      ),
    )
    stopServer = () => airlock.stop()
    airlockUrl = airlock.url
    const wallet = parts && { frameUrl: airlock.frameUrl, authUrl: airlock.url, bundlerUrl: parts.bundlerUrl, smtp: parts.smtp }
    const devTools = parts
      ? await timed(times, 'dev tools', () => startDevTools({ smtp: parts.smtp, authUrl: airlock.url, rpcUrl: demo.chains[0].rpcUrl }))
      : undefined
    if (devTools) started.push(devTools)
    const apiOrigins = account ? [new URL(account.apiUrl).origin] : []
    const origins = [airlock.url, relay.url, solana.url, solana.wsUrl, bitcoin.url, ...demo.chains.map((c) => c.rpcUrl)]
      .map((u) => new URL(u).origin)
      .concat(apiOrigins)
    const server = await timed(times, 'static', () =>
      startStaticServer({
        root,
        port,
        connect: origins,
        img: [new URL(airlock.url).origin, ...apiOrigins],
        frame: wallet ? [wallet.frameUrl] : [],
        json: {
          '/env.json': {
            configUrl: airlock.url,
            relayUrl: relay.url,
            chains: demo.chains,
            ...(wallet && { frameUrl: wallet.frameUrl, authUrl: wallet.authUrl }),
            ...(devTools && { devToolsUrl: devTools.url }),
            sessionsUrl: airlock.url,
            ...(account && {
              blockchainUrl: account.apiUrl,
              // The site's token list (SPEC §3 options.tokens): what Receive lists and Send offers first.
              tokens: { [`eip155:${demo.chains[0].chainId}`]: { address: account.contracts.tokens.adt } },
            }),
            // The demo wallet's keys are published development keys, worthless off these local chains.
            solana: {
              rpcUrl: solana.url,
              caipNetworkId: solana.caipNetworkId,
              secretKey: DEMO_SOLANA_SECRET_KEY,
              address: DEMO_SOLANA_ADDRESS,
              mint: solana.mint,
            },
            bitcoin: {
              esploraUrl: bitcoin.url,
              wif: DEMO_BITCOIN_WIF,
              paymentAddress: DEMO_BITCOIN_PAYMENT_ADDRESS,
              ordinalsAddress: DEMO_BITCOIN_ORDINALS_ADDRESS,
            },
          },
        },
      }),
    )
    airlock.allowSiteOrigin(server.url)
    return {
      url: server.url,
      /** airlock-server: its URL, its database, stop(). */
      airlock,
      sessions: { url: airlock.url, sessions: () => storedSessions(db) },
      configUrl: airlock.url,
      relayUrl: relay.url,
      relay,
      account,
      embedded: wallet,
      devToolsUrl: devTools?.url,
      chains: demo.chains,
      anvils: demo.anvils,
      solana,
      bitcoin,
      demoAccounts: { solana: DEMO_SOLANA_ADDRESS, bitcoinPayment: DEMO_BITCOIN_PAYMENT_ADDRESS, bitcoinOrdinals: DEMO_BITCOIN_ORDINALS_ADDRESS },
      async stop() {
        await Promise.all([server.close(), stopServer()])
        await stopAll()
        await closeDb()
      },
    }
  } catch (error) {
    await stopServer()
    await stopAll()
    await closeDb()
    throw error
  }
}
