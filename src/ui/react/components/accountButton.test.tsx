/**
 * The connected account's button is a chunk of its own (issue 27 §1): until it is in, ConnectButton
 * stays on "Connecting…" (busy) and AccountButton draws nothing, never a half-drawn account; once
 * it is in, both draw the account. Over a real instance rendered to HTML (no browser; the fetch a
 * connection starts is the browser's, tests/e2e/buttons.test.ts).
 */
import { describe, expect, it, vi } from 'vitest'
import { renderToStaticMarkup } from 'react-dom/server'
import { VirtualTimeScheduler } from 'rxjs'
import { createAirlock, ethereum } from '../../../index'
import { memoryStorage } from '../../../kernel/deps'
import { createEvent } from '../../../kernel/registry'
import type { AirlockInstance } from '../../../ports/instance'
import { AirlockProvider } from '../context'
import { ConnectButton } from './buttons'
import { driverPlugin } from '../../../../tests/support/driverPlugin'

const address = '0x52908400098527886E0F7030069857D2E4169EE7'

/** An instance with `address` connected on Ethereum (no window: nothing is fetched by the page). */
async function connected(): Promise<AirlockInstance> {
  const driver = driverPlugin()
  const airlock = createAirlock(
    {
      projectId: 'p',
      networks: [ethereum],
      features: { email: false, socials: false, swaps: false, onramp: false, send: false, names: false },
      plugins: [driver.plugin],
    },
    { deps: { storage: memoryStorage(), fetch: undefined, window: undefined, scheduler: new VirtualTimeScheduler(), logger: { warn() {}, error() {} } } },
  )
  await airlock.ready()
  driver.emit(createEvent('CONNECT_SUCCESS', { method: 'browser', name: 'Demo Wallet', namespace: 'eip155', connectorId: 'demo' }))
  airlock._internal.dispatch(
    createEvent('ACCOUNT_CONNECTED', {
      namespace: 'eip155',
      address,
      caipAddress: `eip155:1:${address}`,
      allAccounts: [{ address, type: 'eoa' }],
      connectedWalletInfo: { name: 'Demo Wallet' },
    }),
  )
  return airlock
}

describe('the account button, a chunk of its own', () => {
  it('before its chunk is in: ConnectButton says Connecting… (busy), AccountButton draws nothing; after: both draw the account', async () => {
    // A fresh copy of the buttons' module: its chunk not fetched yet, whatever another file did in this worker.
    vi.resetModules()
    const fresh = await import('./buttons')
    const { AirlockProvider: Provider } = await import('../context')
    const [Connect, Account] = [fresh.ConnectButton, fresh.AccountButton]
    const airlock = await connected()
    expect(airlock.getState().connection.status).toBe('connected')
    const live = { ...airlock, getServerState: airlock.getState }
    const html = (node: React.ReactNode) => renderToStaticMarkup(<Provider airlock={live}>{node}</Provider>)
    const waiting = html(<Connect />)
    expect(waiting).toContain('aria-busy="true"')
    expect(waiting).toContain('Connecting')
    expect(waiting).not.toContain('0x5290')
    expect(html(<Account />)).toBe('')
    await fresh.loadAccountButton()
    const drawn = html(<Connect />)
    expect(drawn).toContain('airlock-account-button')
    expect(drawn).toContain('0x5290…9EE7')
    expect(html(<Account showBalance={false} />)).toContain('airlock-account-button')
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
