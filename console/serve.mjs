// The console's page on airlock-server: `/console` (and `/console/`) answer console/index.html,
// `/console/dist/*` the page's build (esbuild.config.mjs consoleOptions), and `/console/env.json`
// what the page needs to know of this server: the networks an owner signs in on (the SIWX chains,
// with the RPC the modal reads them through) and the secure frame's URL. Every answer carries a
// strict Content-Security-Policy: scripts and styles from this origin only (no 'unsafe-inline',
// no eval), connections to this origin and the networks' RPCs, frames from the secure frame only.
import fastifyStatic from '@fastify/static'
import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const DIST = fileURLToPath(new URL('./dist/', import.meta.url))
const INDEX = fileURLToPath(new URL('./index.html', import.meta.url))

/** Public RPCs of the networks an owner may sign in on when the settings name no chain for them. */
const KNOWN_NETWORKS = {
  1: { name: 'Ethereum', symbol: 'ETH', rpcUrl: 'https://eth.merkle.io' },
  11155111: { name: 'Sepolia', symbol: 'ETH', rpcUrl: 'https://sepolia.drpc.org' },
}

/**
 * The networks of the console's modal: each eip155 SIWX chain, with the configured chain's RPC
 * when the settings name one, else a known public one; chains of other namespaces and unknown
 * ones are left out (an owner signs in with an EVM wallet).
 */
export function consoleNetworks(settings) {
  const networks = []
  for (const caip of settings.siwxChains) {
    const match = /^eip155:(\d+)$/.exec(caip)
    if (!match) continue
    const chainId = Number(match[1])
    const configured = settings.chains.find((c) => c.chainId === chainId)
    const known = KNOWN_NETWORKS[chainId]
    if (configured)
      networks.push({ chainId, name: configured.name ?? known?.name ?? `Chain ${chainId}`, symbol: configured.symbol ?? 'ETH', rpcUrl: configured.rpcUrl })
    else if (known) networks.push({ chainId, ...known })
  }
  return networks
}

/** The policy of every console answer. */
export function consolePolicy({ networks, frameUrl }) {
  const rpcs = [...new Set(networks.map((n) => new URL(n.rpcUrl).origin))]
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data: https:",
    `connect-src 'self' ${rpcs.join(' ')}`.trim(),
    "font-src 'self'",
    `frame-src ${frameUrl ? new URL(frameUrl).origin : "'none'"}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ')
}

/**
 * Fastify plugin: the console page. `settings` the server's (siwxChains, chains); `frameUrl` a
 * function answering the secure frame's URL (known once the frame listens).
 */
export async function consolePage(app, { settings, frameUrl }) {
  const networks = consoleNetworks(settings)
  const policy = () => consolePolicy({ networks, frameUrl: frameUrl() })
  const secure = (reply) => reply.headers({ 'content-security-policy': policy(), 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer' })

  const page = async (_request, reply) => {
    if (!existsSync(INDEX) || !existsSync(`${DIST}console.js`)) {
      return reply.code(503).send({ message: 'The console is not built: run npm run build' })
    }
    return secure(reply).type('text/html; charset=utf-8').send(readFileSync(INDEX))
  }
  app.get('/console', page)
  app.get('/console/', page)
  app.get('/console/env.json', async (_request, reply) => {
    secure(reply)
    return { networks, ...(frameUrl() && { frameUrl: frameUrl() }) }
  })
  await app.register(fastifyStatic, {
    root: DIST,
    prefix: '/console/dist/',
    decorateReply: false,
    index: false,
    // The build's file names carry no hash for the entry: revalidate each time.
    cacheControl: false,
    setHeaders: (reply) => void secure(reply).header('cache-control', 'no-cache'),
  })
}
