/**
 * Server rendering: both entry points import in Node without touching `window`, the React
 * buttons render to HTML with the strings of the instance's locale, and a browser's instance that
 * restored a network and a connection from storage renders, for hydration, the server's HTML.
 */
import { describe, expect, it } from 'vitest'
import { execFileSync } from 'node:child_process'
import { renderToString } from 'react-dom/server'
import { VirtualTimeScheduler } from 'rxjs'
import { createAirlock, ethereum, polygon } from '../../src/index'
import { AirlockProvider, ConnectButton, NetworkButton, AccountButton } from '../../src/react'
import { memoryStorage } from '../../src/kernel/deps'
import { loadLocale } from '../../src/ui/strings/load'

describe('server rendering', () => {
  it('imports the built entry points in a plain Node process that has no window', () => {
    const script = `
      globalThis.window = new Proxy({}, { get(_, key) { throw new Error('window.' + String(key) + ' touched at import') } })
      await import('./dist/lib/index.js'); await import('./dist/lib/react.js'); delete globalThis.window; console.log('ok')`
    expect(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }).trim()).toBe('ok')
  })

  it('renders the buttons to HTML with the locale strings (a locale other than English once its table is fetched, issue 28 §4)', async () => {
    const make = (locale: string) =>
      createAirlock(
        { projectId: 'p', networks: [ethereum], locale },
        { deps: { window: undefined, storage: memoryStorage(), fetch: undefined, scheduler: new VirtualTimeScheduler() } },
      )
    const html = (locale: string) =>
      renderToString(
        <AirlockProvider airlock={make(locale)}>
          <ConnectButton />
          <NetworkButton />
          <AccountButton />
        </AirlockProvider>,
      )
    expect(html('en')).toContain('Connect wallet')
    expect(html('en')).toContain('Ethereum')
    await loadLocale('de')
    expect(html('de')).toContain('Wallet verbinden')
    // No account: no account button.
    expect(html('en')).not.toContain('airlock-account-button')
  })

  it("renders, in a browser that restored a network and a connection from storage, the server's HTML (the hydration snapshot)", () => {
    const options = { projectId: 'p', networks: [ethereum, polygon] }
    const quiet = { window: undefined, fetch: undefined, scheduler: new VirtualTimeScheduler() }
    const onServer = createAirlock(options, { deps: { ...quiet, storage: undefined } })
    // The browser's instance reads storage at creation: Polygon active, an injected wallet connected before.
    const stored = memoryStorage({
      '@airlock/active_caip_network_id': JSON.stringify('eip155:137'),
      '@airlock/active_namespace': JSON.stringify('eip155'),
      '@airlock/connection_status': JSON.stringify('connected'),
      '@airlock/connected_namespaces': JSON.stringify(['eip155']),
      '@airlock/connected_connector_ids': JSON.stringify({ eip155: 'injected' }),
      '@airlock/connections': JSON.stringify({ eip155: [{ connectorId: 'injected', accounts: [{ address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' }] }] }),
    })
    const inBrowser = createAirlock(options, { deps: { ...quiet, storage: stored } })
    expect(inBrowser.getState().networks.activeCaipNetworkId).toBe('eip155:137')
    expect(inBrowser.getState().connection.status).not.toBe(onServer.getState().connection.status)
    const html = (airlock: ReturnType<typeof createAirlock>) =>
      renderToString(
        <AirlockProvider airlock={airlock}>
          <ConnectButton />
          <NetworkButton />
        </AirlockProvider>,
      )
    // renderToString reads the server snapshot, as hydration does: both give the server's HTML.
    expect(html(inBrowser)).toBe(html(onServer))
    expect(html(onServer)).toContain('Ethereum')
    expect(html(onServer)).toContain('Connect wallet')
    expect(inBrowser.getServerState()).toEqual(onServer.getServerState())
    onServer.destroy()
    inBrowser.destroy()
  })
})
