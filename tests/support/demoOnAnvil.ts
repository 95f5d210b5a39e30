/**
 * The demo as built (demo/, under its strict CSP) on one local chain: anvil, the demo served on
 * 127.0.0.1 with anvil as its one chain ('Local chain'), and a Chromium whose pages reach 127.0.0.1
 * alone. One per test file; its tests open their own pages in `context`.
 *
 * ```ts
 * let demo: DemoOnAnvil
 * beforeAll(async () => (demo = await startDemoOnAnvil()), idleMs(180_000))
 * afterAll(() => demo?.close())
 * ```
 */
import type { BrowserContext } from 'playwright-core'
import { ensureBuilt } from '../../esbuild.config.mjs'
import { startAnvil, type Anvil } from '../../services/chain/anvil.mjs'
import { startStaticServer } from '../../services/static/server.mjs'
import { launchLoopbackChromium } from './loopbackChromium'

export type StaticSite = Awaited<ReturnType<typeof startStaticServer>>

/** The built demo served afresh (a new origin: its own storage) with `anvil` as its one chain. */
export function serveDemoOn(anvil: Anvil): Promise<StaticSite> {
  return startStaticServer({
    root: 'demo',
    connect: [anvil.url],
    json: { '/env.json': { chains: [{ chainId: anvil.chainId, rpcUrl: anvil.url, name: 'Local chain' }] } },
  })
}

export interface DemoOnAnvil {
  readonly anvil: Anvil
  readonly site: StaticSite
  readonly context: BrowserContext
  /** Closes the browser context, the demo's server and anvil. */
  close(): Promise<void>
}

/** Builds the demo if it is not (ensureBuilt), starts anvil, serves the demo on it and opens Chromium. */
export async function startDemoOnAnvil(): Promise<DemoOnAnvil> {
  await ensureBuilt()
  const anvil = await startAnvil()
  let site: StaticSite | undefined
  try {
    site = await serveDemoOn(anvil)
    const context = await launchLoopbackChromium()
    const served = site
    return {
      anvil,
      site,
      context,
      async close() {
        await context.close()
        await served.close()
        await anvil.stop()
      },
    }
  } catch (error) {
    await site?.close()
    await anvil.stop()
    throw error
  }
}
