/**
 * A real instance for a view's unit test rendered to HTML (no browser): no window (the page fetches
 * nothing), no fetch, virtual time, Ethereum with the optional features off, and the driver plugin
 * to say what a wallet would (the instance refuses public events from outside its modules).
 * `connect(address)` connects `address` on Ethereum as the Demo Wallet; `html(node)` renders `node`
 * as the modal renders in the browser (never hydrated: the live state, not the server's).
 *
 * ```tsx
 * const { airlock, connect, html } = driverInstance({ locale: 'de' })
 * await airlock.ready()
 * connect('0x52908400098527886E0F7030069857D2E4169EE7')
 * expect(html(<ConnectButton />)).toContain('0x5290…9EE7')
 * ```
 */
import type { ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { VirtualTimeScheduler } from 'rxjs'
import { createAirlock, ethereum } from '../../src/index'
import { memoryStorage } from '../../src/kernel/deps'
import { createEvent } from '../../src/kernel/registry'
import type { AirlockInstance } from '../../src/ports/instance'
import { AirlockProvider } from '../../src/ui/react/context'
import { driverPlugin } from './driverPlugin'

export interface DriverInstance {
  readonly airlock: AirlockInstance
  /** The driver plugin's `emit`: public events as a wallet's answers. */
  readonly emit: ReturnType<typeof driverPlugin>['emit']
  connect(address: string): void
  html(node: ReactNode, provider?: typeof AirlockProvider): string
}

export function driverInstance(options: { readonly locale?: string } = {}): DriverInstance {
  const driver = driverPlugin()
  const airlock = createAirlock(
    {
      projectId: 'p',
      networks: [ethereum],
      ...(options.locale === undefined ? {} : { locale: options.locale }),
      features: { email: false, socials: false, swaps: false, onramp: false, send: false, names: false },
      plugins: [driver.plugin],
    },
    { deps: { storage: memoryStorage(), fetch: undefined, window: undefined, scheduler: new VirtualTimeScheduler(), logger: { warn() {}, error() {} } } },
  )
  const live = { ...airlock, getServerState: airlock.getState }
  return {
    airlock,
    emit: driver.emit,
    connect(address) {
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
    },
    // A test that loads a fresh copy of the modules passes that copy's provider.
    html: (node, Provider = AirlockProvider) => renderToStaticMarkup(<Provider airlock={live}>{node}</Provider>),
  }
}
