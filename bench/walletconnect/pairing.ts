/**
 * Pairing time on loopback, bundled and run by run.mjs: our relay client (the lazily loaded
 * chunk's code) on the dApp side, the real sign-client as a wallet, the local relay between them.
 * Per round: a fresh dApp client makes a pairing URI; the clock runs from the wallet's `pair(uri)`
 * to the dApp holding the approved session.
 */
import { createWalletConnectClient } from '../../src/connectors/walletconnect/client'
import { proposalNamespaces } from '../../src/connectors/walletconnect/namespaces'
import { defineChain } from '../../src/core/networks/defineChain'
import { startRelay } from '../../services/relay/relay.mjs'
import { memoryKeyValueStore } from '../../tests/support/kvStorage'
import { startRelayWallet } from '../../tests/support/relayWallet'

export async function run(rounds: number): Promise<{ pairMs: number[]; initMs: number[] }> {
  const relay = await startRelay()
  const chain = defineChain({
    id: 31337,
    name: 'Local',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: ['http://127.0.0.1:9'] } },
  })
  const wallet = await startRelayWallet({ relayUrl: relay.url, rpcUrls: { 'eip155:31337': 'http://127.0.0.1:9' } })
  const pairMs: number[] = []
  const initMs: number[] = []
  try {
    for (let i = 0; i < rounds; i++) {
      const t0 = performance.now()
      const client = await createWalletConnectClient({
        projectId: 'bench',
        relayUrl: relay.url,
        metadata: { name: 'Bench', description: '', url: 'http://127.0.0.1', icons: [] },
        storage: memoryKeyValueStore(),
        customStoragePrefix: `bench-dapp-${i}`,
      })
      const pairing = await client.pair(proposalNamespaces([chain], chain.caipNetworkId).optional)
      initMs.push(performance.now() - t0)
      const t1 = performance.now()
      await wallet.pair(pairing.uri)
      const session = await pairing.approval
      pairMs.push(performance.now() - t1)
      await client.disconnect(session.topic)
    }
  } finally {
    await wallet.close()
    await relay.close()
  }
  return { pairMs, initMs }
}
