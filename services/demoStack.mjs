// Everything the demo page talks to, started together on 127.0.0.1: two anvil chains, the config
// service, the WalletConnect relay, and the static server of the built demo with /env.json telling
// the page where they are. (In production a site uses the WalletConnect network's relay.)
// `npm start` runs it; the browser tests start their own with ports picked for them.
import { startDemoChains } from './chain/anvil.mjs'
import { startConfigService } from './config/server.mjs'
import { startStaticServer } from './static/server.mjs'
import { startRelay } from './relay/relay.mjs'

export async function startDemoStack({ port = 0, root = 'demo', relayPort = 0 } = {}) {
  const demo = await startDemoChains()
  const config = await startConfigService({ port: 0 })
  const relay = await startRelay({ port: relayPort })
  const origins = [config.url, relay.url, ...demo.chains.map((c) => c.rpcUrl)].map((u) => new URL(u).origin)
  let server
  try {
    server = await startStaticServer({
      root,
      port,
      connect: origins,
      img: [new URL(config.url).origin],
      json: { '/env.json': { configUrl: config.url, relayUrl: relay.url, chains: demo.chains } },
    })
  } catch (error) {
    await Promise.all([demo.stop(), config.close(), relay.close()])
    throw error
  }
  return {
    url: server.url,
    configUrl: config.url,
    relayUrl: relay.url,
    relay,
    chains: demo.chains,
    anvils: demo.anvils,
    async stop() {
      await Promise.all([server.close(), config.close(), relay.close(), demo.stop()])
    },
  }
}
