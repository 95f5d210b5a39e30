// The embedded wallet's local back end, started together on 127.0.0.1: an SMTP sink that receives
// every code (tests and the demo read it), the auth service (email codes, sessions, socials through
// a local OpenID provider, Sign In With Farcaster through a local relay, with the ID registry on
// the first chain), ERC-4337 v0.7 on the first chain with a small bundler, and the secure frame
// on an origin of its own. `npm start` and the browser tests run it beside the demo stack.
//
// The frame and the auth service need each other's address (the frame calls the auth service;
// the auth service lets only the frame's origin call it), so the frame's port is held first.
import { holdPort } from './chain/anvil.mjs'
import { startSmtpSink } from './auth/smtpSink.mjs'
import { startAuthService } from './auth/server.mjs'
import { socialRoutes } from './auth/social.mjs'
import { farcasterRoutes, installIdRegistry } from './auth/farcaster.mjs'
import { deployAccountAbstraction } from './bundler/deploy.mjs'
import { startBundler } from './bundler/server.mjs'
import { startFrameServer } from './frame/server.mjs'

/** The demo's project id, as demo/main.ts passes it. */
export const DEMO_PROJECT_ID = 'airlock-demo'

/**
 * `chains`: the local EVM chains ({ chainId, rpcUrl }); the first gets the smart accounts and the
 * Farcaster ID registry. `projects`: the auth service's projects (default: the demo project, its
 * allowed origins SPEC §5's defaults only, smart accounts on the first chain). `frameOutdir`: a
 * frame build to serve (default a fresh one). `now`: the auth service's clock (tests move it past a cool-down).
 * `approvalTimeoutMs`: how long the frame waits for the visitor's Approve (tests shorten it).
 */
export async function startEmbeddedServices({ chains, projects, solana, frameOutdir, now, approvalTimeoutMs } = {}) {
  const started = []
  const stopAll = () => Promise.all(started.map((s) => s.stop()))
  try {
    const [first] = chains
    if (!first) throw new Error('startEmbeddedServices needs at least one chain')
    await deployAccountAbstraction(first.rpcUrl)
    const bundler = await startBundler({ rpcUrl: first.rpcUrl })
    started.push(bundler)
    await installIdRegistry({ rpcUrl: first.rpcUrl })
    const smtp = await startSmtpSink()
    started.push(smtp)
    const framePort = await holdPort()
    const frameOrigin = `http://127.0.0.1:${framePort.port}`
    const auth = await startAuthService({
      smtp: { host: smtp.host, port: smtp.port },
      projects: projects ?? { [DEMO_PROJECT_ID]: { allowedOrigins: [], smartAccountEnabledNetworks: [first.chainId] } },
      frameOrigins: [frameOrigin],
      ...(now && { now }),
      routes: [(ctx) => socialRoutes(ctx), (ctx) => farcasterRoutes(ctx, { rpcUrl: first.rpcUrl })],
    })
    started.push(auth)
    await framePort.release()
    const frame = await startFrameServer({
      port: framePort.port,
      authUrl: auth.url,
      chains: chains.map((chain, i) => ({
        chainId: chain.chainId,
        rpcUrl: chain.rpcUrl,
        ...(chain.name && { name: chain.name }),
        ...(i === 0 && { bundlerUrl: bundler.url }),
      })),
      ...(solana && { solana: { rpcUrl: solana.rpcUrl } }),
      ...(frameOutdir && { outdir: frameOutdir }),
      ...(approvalTimeoutMs !== undefined && { approvalTimeoutMs }),
    })
    started.push(frame)
    return {
      frameUrl: frame.url,
      authUrl: auth.url,
      bundlerUrl: bundler.url,
      smtp,
      auth,
      stop: stopAll,
    }
  } catch (error) {
    await stopAll()
    throw error
  }
}
