/**
 * The connected account's button is a chunk of its own (issue 27 §1): until it is in (or when it
 * could not be fetched), ConnectButton and AccountButton show the account's short address alone;
 * once it is in, both draw the account. Over a real instance rendered to HTML (no browser; the fetch a
 * connection starts is the browser's, tests/e2e/buttons.test.ts).
 */
import { describe, expect, it, vi } from 'vitest'
import { renderToStaticMarkup } from 'react-dom/server'
import { createAirlock, ethereum } from '../../../index'
import { memoryStorage } from '../../../kernel/deps'
import { AirlockProvider } from '../context'
import { ConnectButton } from './buttons'
import { driverInstance } from '../../../../tests/support/driverInstance'

const address = '0x52908400098527886E0F7030069857D2E4169EE7'

describe('the account button, a chunk of its own', () => {
  it('before its chunk is in: ConnectButton and AccountButton show the short address alone (not busy, no avatar); after: both draw the account', async () => {
    // A fresh copy of the buttons' module: its chunk not fetched yet, whatever another file did in this worker.
    vi.resetModules()
    const fresh = await import('./buttons')
    const { AirlockProvider: Provider } = await import('../context')
    const [Connect, Account] = [fresh.ConnectButton, fresh.AccountButton]
    const { airlock, connect, html: render } = driverInstance()
    await airlock.ready()
    connect(address)
    expect(airlock.getState().connection.status).toBe('connected')
    const html = (node: React.ReactNode) => render(node, Provider)
    const waiting = html(<Connect />)
    expect(waiting).toContain('aria-busy="false"')
    expect(waiting).not.toContain('Connecting')
    expect(waiting).not.toContain('airlock-avatar')
    expect(waiting).toContain('aria-label="Account 0x5290…9EE7"')
    expect(waiting).toContain('<span>0x5290…9EE7</span>')
    expect(html(<Account showBalance={false} />)).toBe(waiting)
    await fresh.loadAccountButton()
    const drawn = html(<Connect />)
    expect(drawn).toContain('airlock-avatar')
    expect(drawn).toContain('0x5290…9EE7')
    expect(html(<Account showBalance={false} />)).toContain('airlock-avatar')
    airlock.destroy()
  })

  it('disconnected, ConnectButton says Connect wallet, with or without the chunk', async () => {
    const airlock = createAirlock({ projectId: 'p', networks: [ethereum] }, { deps: { storage: memoryStorage(), fetch: undefined, window: undefined } })
    const markup = renderToStaticMarkup(
      <AirlockProvider airlock={airlock}>
        <ConnectButton />
      </AirlockProvider>,
    )
    expect(markup).toContain('Connect wallet')
    expect(markup).toContain('aria-busy="false"')
    airlock.destroy()
  })
})
