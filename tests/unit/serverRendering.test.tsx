/**
 * Server rendering: both entry points import in Node without touching `window`, and the React
 * buttons render to HTML with the strings of the instance's locale.
 */
import { describe, expect, it } from 'vitest'
import { execFileSync } from 'node:child_process'
import { renderToString } from 'react-dom/server'
import { VirtualTimeScheduler } from 'rxjs'
import { createAirlock, ethereum } from '../../src/index'
import { AirlockProvider, ConnectButton, NetworkButton, AccountButton } from '../../src/react'
import { memoryStorage } from '../../src/kernel/deps'

describe('server rendering', () => {
  it('imports the built entry points in a plain Node process that has no window', () => {
    const script = `
      globalThis.window = new Proxy({}, { get(_, key) { throw new Error('window.' + String(key) + ' touched at import') } })
      await import('./dist/lib/index.js'); await import('./dist/lib/react.js'); delete globalThis.window; console.log('ok')`
    expect(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }).trim()).toBe('ok')
  })

  it('renders the buttons to HTML with the locale strings', () => {
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
    expect(html('de')).toContain('Wallet verbinden')
    // No account: no account button.
    expect(html('en')).not.toContain('airlock-account-button')
  })
})
