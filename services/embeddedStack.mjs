// What the embedded wallet needs around airlock-server locally, started together on 127.0.0.1: an
// SMTP sink that receives every code (tests and the demo read it), ERC-4337 v0.7 on the first chain
// with a small bundler, the Farcaster ID registry on the first chain, and the auth service's local
// stand-ins of the social providers (an OpenID provider) and of Farcaster's relay. The auth service
// itself and the secure frame are airlock-server's (server/app.mjs); services/demoStack.mjs starts
// the server with what this returns.
import { startSmtpSink } from './auth/smtpSink.mjs'
import { socialRoutes } from './auth/social.mjs'
import { farcasterRoutes, installIdRegistry } from './auth/farcaster.mjs'
import { deployAccountAbstraction } from './bundler/deploy.mjs'
import { startBundler } from './bundler/server.mjs'
import { timed } from './stepTimes.mjs'

/** The demo's project id, as demo/main.ts passes it. */
export const DEMO_PROJECT_ID = 'airlock-demo'

/**
 * `chains`: the local EVM chains ({ chainId, rpcUrl, name? }); the first gets the smart accounts
 * (its bundler) and the Farcaster ID registry.
 */
export async function startEmbeddedParts({ chains, times }) {
  const started = []
  const stopAll = () => Promise.all(started.map((s) => s.stop()))
  try {
    const [first] = chains
    if (!first) throw new Error('startEmbeddedParts needs at least one chain')
    await timed(times, 'embedded: ERC-4337', () => deployAccountAbstraction(first.rpcUrl))
    const bundler = await timed(times, 'embedded: bundler', () => startBundler({ rpcUrl: first.rpcUrl }))
    started.push(bundler)
    await timed(times, 'embedded: ID registry', () => installIdRegistry({ rpcUrl: first.rpcUrl }))
    const smtp = await timed(times, 'embedded: SMTP', () => startSmtpSink())
    started.push(smtp)
    return {
      bundlerUrl: bundler.url,
      smtp,
      smtpUrl: `smtp://${smtp.host}:${smtp.port}`,
      /** The frame's chains: the first with its bundler. */
      chains: chains.map((chain, i) => ({
        chainId: chain.chainId,
        rpcUrl: chain.rpcUrl,
        ...(chain.name && { name: chain.name }),
        ...(i === 0 && { bundlerUrl: bundler.url }),
      })),
      authRoutes: [(ctx) => socialRoutes(ctx), (ctx) => farcasterRoutes(ctx, { rpcUrl: first.rpcUrl })],
      stop: stopAll,
    }
  } catch (error) {
    await stopAll()
    throw error
  }
}
