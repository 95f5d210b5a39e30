/**
 * The `wallet` port over a WalletConnect session: the same plugin code that signs through an
 * announced wallet signs through a phone wallet on the far side of the relay (the real sign
 * client, the local relay of services/relay, anvil). The port knows no transport.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { EMPTY } from 'rxjs'
import { createPublicClient, http, parseEther, verifyMessage, type Hex } from 'viem'
import { createAirlock, defineChain, defineModule, definePlugin, type AirlockInstance, type PortDeps } from '../../src/index'
import { memoryStorage } from '../../src/kernel/deps'
import { createWalletConnectPort } from '../../src/connectors/walletconnect/port'
import { startAnvil } from '../../services/chain/anvil.mjs'
import { createMailbox, startRelay } from '../../services/relay/relay.mjs'
import { memoryKeyValueStore } from '../support/kvStorage'
import { startRelayWallet, WALLET_ADDRESS } from '../support/relayWallet'

let anvil: Awaited<ReturnType<typeof startAnvil>>
let relay: Awaited<ReturnType<typeof startRelay>>
beforeAll(async () => {
  anvil = await startAnvil({ chainId: 31337 })
  relay = await startRelay({ mailbox: createMailbox() })
}, 60_000)
afterAll(async () => {
  await relay?.close()
  await anvil?.stop()
})

const open: { close(): Promise<void> | void }[] = []
afterEach(async () => {
  for (const thing of open.splice(0).reverse()) await thing.close()
})

async function until<T>(read: () => T | undefined | null | false, what: string, ms = 15_000): Promise<T> {
  const end = Date.now() + ms
  for (;;) {
    const value = read()
    if (value) return value
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 10))
  }
}

describe('the wallet port over a relay session', () => {
  it('signs a message and sends a transaction through the WalletConnect session', async () => {
    let deps: PortDeps | undefined
    const probe = definePlugin({
      id: 'probe',
      enabledBy: () => true,
      load: async () => ({
        default: defineModule<null, PortDeps>({
          id: 'probe',
          initialState: null,
          effects: {
            keep: (_events$, _state$, received) => {
              deps = received
              return EMPTY
            },
          },
        }),
      }),
    })
    const local = defineChain({
      id: anvil.chainId,
      name: 'Local',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [anvil.url] } },
    })
    const airlock: AirlockInstance = createAirlock(
      {
        projectId: 'test-project',
        networks: [local],
        relayUrl: relay.url,
        disableAppend: true,
        apiUrls: { config: 'http://127.0.0.1:9/api' },
        plugins: [probe],
      },
      {
        deps: { storage: memoryStorage(), fetch: undefined, logger: { warn: () => undefined, error: () => undefined } },
        connectors: { walletConnect: createWalletConnectPort({ storage: memoryKeyValueStore(), customStoragePrefix: 'dapp-access' }) },
      },
    )
    open.push({ close: () => airlock.destroy() })
    const wallet = await startRelayWallet({ relayUrl: relay.url, rpcUrls: { 'eip155:31337': anvil.url } })
    open.push(wallet)
    await airlock.ready()
    expect(deps!.wallet.connection()).toBeUndefined()

    const done = airlock.connect('walletConnect')
    await wallet.pair(await until(() => airlock.getState().connection.wcUri, 'a pairing URI'))
    await done

    const connection = await until(() => deps!.wallet.connection('eip155'), 'the connection')
    expect(connection).toMatchObject({ connectorId: 'walletConnect', address: WALLET_ADDRESS, caipNetworkId: 'eip155:31337' })
    const signature = (await connection.signMessage('Signed over the relay')) as Hex
    expect(await verifyMessage({ address: WALLET_ADDRESS, message: 'Signed over the relay', signature })).toBe(true)

    const hash = (await connection.sendTransaction!({ to: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC', value: parseEther('0.01') })) as Hex
    const receipt = await createPublicClient({ transport: http(anvil.url) }).waitForTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    expect(wallet.requests.map((r) => r.method)).toEqual(['personal_sign', 'eth_sendTransaction'])
  })
})
