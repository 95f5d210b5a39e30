/**
 * The instance's headless members (issue 28 §3): `connect` by an announced wallet's id, by a
 * namespace, by a catalog wallet's id (through WalletConnect, announced as the modal announces the
 * choice), and `watchWallets` / `watchConnectMethods`, whose code is a chunk fetched at the first
 * call and whose stop works before it arrives.
 */
import { describe, expect, it } from 'vitest'
import { VirtualTimeScheduler } from 'rxjs'
import { createAirlock } from './createAirlock'
import { ethereum } from '../core/networks/chains/ethereum'
import { memoryStorage } from '../kernel/deps'
import { createEvent } from '../kernel/registry'
import { ConnectorNotFoundError } from '../kernel/errors/lookup'
import type { HeadlessWallet } from '../ports/headless'
import type { WalletProvider } from '../chains/adapter'

const ADDRESS = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'
const ICON = 'data:image/png;base64,AA'

/** A wallet that connects at once, announced through EIP-6963 (rdns `test.wallet`). */
function page(): Window {
  const provider: WalletProvider = {
    request: async ({ method }) => (method === 'eth_chainId' ? '0x1' : method.endsWith('ccounts') ? [ADDRESS] : null),
    on: () => undefined,
    removeListener: () => undefined,
  }
  const target = new EventTarget()
  target.addEventListener('eip6963:requestProvider', () =>
    target.dispatchEvent(
      Object.assign(new Event('eip6963:announceProvider'), { detail: { info: { uuid: 'u', name: 'Test Wallet', icon: ICON, rdns: 'test.wallet' }, provider } }),
    ),
  )
  return target as unknown as Window
}

function start(options: { enableWalletConnect?: boolean } = {}) {
  return createAirlock(
    { projectId: 'test', networks: [ethereum], disableAppend: true, apiUrls: { config: 'http://127.0.0.1:9/api' }, enableWalletConnect: false, ...options },
    {
      deps: {
        storage: memoryStorage(),
        fetch: undefined,
        window: page(),
        scheduler: new VirtualTimeScheduler(),
        logger: { warn: () => undefined, error: () => undefined },
      },
      connectors: { readerFor: () => ({ request: async () => null, get: async () => null }) },
    },
  )
}

/** The first non-empty list `watch` gives. */
const firstList = <T>(watch: (listener: (value: readonly T[]) => void) => () => void) =>
  new Promise<readonly T[]>((done) => {
    const stop = watch((value) => {
      if (value.length > 0) {
        done(value)
        queueMicrotask(stop)
      }
    })
  })

describe('the instance without the modal', () => {
  it("watchWallets gives Connect's entries with their icon and flags, as the modal lists them", async () => {
    const airlock = start()
    const wallets = await firstList<HeadlessWallet>((listener) => airlock.watchWallets(listener))
    expect(wallets).toEqual([{ id: 'test.wallet', name: 'Test Wallet', icon: ICON, installed: true, recent: false, kind: 'connector' }])
    airlock.destroy()
  })

  it('watchWallets stopped before its chunk arrived never calls the listener', async () => {
    const airlock = start()
    const heard: unknown[] = []
    airlock.watchWallets((wallets) => heard.push(wallets))()
    // The chunk arrives (a second watch hears it) and the stopped one stays silent.
    await firstList<HeadlessWallet>((listener) => airlock.watchWallets(listener))
    expect(heard).toEqual([])
    airlock.destroy()
  })

  it("watchConnectMethods follows the plugins' methods", async () => {
    const airlock = start()
    const seen: string[][] = []
    const stop = airlock.watchConnectMethods((methods) => seen.push(methods.map((m) => m.id)))
    await firstList<unknown>((listener) => airlock.watchWallets(listener))
    airlock._internal.dispatch(
      createEvent('PLUGIN_LOADED', { id: 'email', views: ['EmailLogin'], connectMethods: [{ id: 'email', group: 'email', view: 'EmailLogin' }] }),
    )
    expect(seen).toEqual([[], ['email']])
    stop()
    airlock.destroy()
  })

  it("connect({ namespace }) connects the namespace's installed wallet; connect by its id too", async () => {
    const airlock = start()
    await firstList<HeadlessWallet>((listener) => airlock.watchWallets(listener))
    await airlock.connect({ namespace: 'eip155' })
    expect(airlock.getState().connectors.activeConnectorIds.eip155).toBe('test.wallet')
    await airlock.disconnect()
    await airlock.connect('test.wallet')
    expect(airlock.getState().connection.status).toBe('connected')
    airlock.destroy()
  })

  it("connect(catalog wallet's id) announces the choice and starts WalletConnect's pairing", async () => {
    const airlock = start({ enableWalletConnect: true })
    await firstList<HeadlessWallet>((listener) => airlock.watchWallets(listener))
    airlock._internal.dispatch(createEvent('WALLET_LISTS_LOADED', { featured: [{ id: 'rainbow', name: 'Rainbow' }], recommended: [], count: 1 }))
    const types: string[] = []
    const stop = airlock._internal.events$.subscribe((event) => {
      if (event.type === 'SELECT_WALLET') types.push(`SELECT_WALLET ${JSON.stringify(event.payload)}`)
      if (event.type === 'CONNECT_REQUESTED') types.push(`CONNECT_REQUESTED ${JSON.stringify(event.payload)}`)
    })
    void airlock.connect('rainbow').catch(() => undefined)
    for (let i = 0; i < 500 && types.length < 2; i++) await new Promise((r) => setTimeout(r, 2))
    stop.unsubscribe()
    expect(types).toEqual(['SELECT_WALLET {"name":"Rainbow","platform":"qrcode"}', 'CONNECT_REQUESTED {"connectorId":"walletConnect"}'])
    expect(airlock.getState().connection.connectAttempt?.connectorId).toBe('walletConnect')
    airlock.destroy()
  })

  it('rejects an id nothing lists, and a namespace with no wallet while WalletConnect is off, with ConnectorNotFoundError', async () => {
    const airlock = start()
    await expect(airlock.connect('rainbow')).rejects.toThrow(/^Connector not found$/)
    const error = await airlock.connect({ namespace: 'solana' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ConnectorNotFoundError)
    expect(error).toMatchObject({ message: 'WalletConnectConnector not found' })
    airlock.destroy()
  })
})
