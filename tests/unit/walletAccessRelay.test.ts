/**
 * The `wallet` port over a WalletConnect session: the same plugin code that signs through an
 * announced wallet signs through a phone wallet on the far side of the relay (the real sign
 * client, the local relay of services/relay, anvil). The port knows no transport, and no
 * namespace: Solana and Bitcoin messages are signed through their chain adapters the same way.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createPublicClient, http, parseEther, verifyMessage, type Hex } from 'viem'
import { createPublicKey, verify } from 'node:crypto'
import { Verifier } from 'bip322-js'
import { bitcoin, createAirlock, defineChain, solanaDevnet, type AirlockInstance, type CaipNetwork, type PortDeps } from '../../src/index'
import { SET_CHAIN_METHOD } from '../../src/chains/adapter'
import { decodeBase58 } from '../../src/validation/base58'
import { memoryStorage } from '../../src/kernel/deps'
import { createWalletConnectPort } from '../../src/connectors/walletconnect/port'
import { startAnvil } from '../../services/chain/anvil.mjs'
import { createMailbox, startRelay } from '../../services/relay/relay.mjs'
import { memoryKeyValueStore } from '../support/kvStorage'
import { BITCOIN_ADDRESS, startRelayWallet, WALLET_ADDRESS } from '../support/relayWallet'
import { probePlugin } from '../support/probePlugin'
import { idleMs } from '../support/until'

let anvil: Awaited<ReturnType<typeof startAnvil>>
let relay: Awaited<ReturnType<typeof startRelay>>
beforeAll(async () => {
  anvil = await startAnvil({ chainId: 31337 })
  relay = await startRelay({ mailbox: createMailbox() })
}, idleMs(60_000))
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

/** A site with a probe plugin on `networks`; `deps()` is what the plugin received. */
async function site(networks: readonly CaipNetwork[]): Promise<{ airlock: AirlockInstance; deps: () => PortDeps }> {
  const probe = probePlugin()
  const airlock: AirlockInstance = createAirlock(
    {
      projectId: 'test-project',
      networks,
      relayUrl: relay.url,
      disableAppend: true,
      apiUrls: { config: 'http://127.0.0.1:9/api' },
      plugins: [probe.plugin],
    },
    {
      deps: { storage: memoryStorage(), fetch: undefined, logger: { warn: () => undefined, error: () => undefined } },
      connectors: { walletConnect: createWalletConnectPort({ storage: memoryKeyValueStore(), customStoragePrefix: `dapp-access-${++prefix}` }) },
    },
  )
  open.push({ close: () => airlock.destroy() })
  await airlock.ready()
  return { airlock, deps: () => probe.deps() }
}
let prefix = 0

/** Connect `airlock` over the relay, `wallet` scanning the pairing URI. */
async function pair(airlock: AirlockInstance, wallet: Awaited<ReturnType<typeof startRelayWallet>>): Promise<void> {
  const done = airlock.connect('walletConnect')
  await wallet.pair(await until(() => airlock.getState().connection.wcUri, 'a pairing URI'))
  await done
}

/** Whether an ed25519 `signature` (base58) of `message` is by the Solana `address` (base58 public key). */
function verifiesSolana(address: string, message: string, signature: string): boolean {
  const key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(decodeBase58(address)!).toString('base64url') }, format: 'jwk' })
  return verify(null, new TextEncoder().encode(message), key, Buffer.from(decodeBase58(signature)!))
}

describe('the wallet port over a relay session', () => {
  it('signs a message and sends a transaction through the WalletConnect session', async () => {
    const local = defineChain({
      id: anvil.chainId,
      name: 'Local',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [anvil.url] } },
    })
    const { airlock, deps } = await site([local])
    const wallet = await startRelayWallet({ relayUrl: relay.url, rpcUrls: { 'eip155:31337': anvil.url } })
    open.push(wallet)
    expect(deps().wallet.connection()).toBeUndefined()

    await pair(airlock, wallet)

    const connection = await until(() => deps().wallet.connection('eip155'), 'the connection')
    expect(connection).toMatchObject({ connectorId: 'walletConnect', address: WALLET_ADDRESS, caipNetworkId: 'eip155:31337' })
    const signature = (await connection.signMessage('Signed over the relay')) as Hex
    expect(await verifyMessage({ address: WALLET_ADDRESS, message: 'Signed over the relay', signature })).toBe(true)

    const hash = (await connection.sendTransaction!({ to: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC', value: parseEther('0.01') })) as Hex
    const receipt = await createPublicClient({ transport: http(anvil.url) }).waitForTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    expect(wallet.requests.map((r) => r.method)).toEqual(['personal_sign', 'eth_sendTransaction'])
  })

  it('signs a Solana and a Bitcoin message through their chain adapters, and the signatures verify', async () => {
    const { airlock, deps } = await site([solanaDevnet, bitcoin])
    const wallet = await startRelayWallet({ relayUrl: relay.url, rpcUrls: {}, solana: true })
    open.push(wallet)
    await pair(airlock, wallet)
    expect(Object.keys(wallet.session().namespaces).sort()).toEqual(['bip122', 'solana'])

    const solana = await until(() => deps().wallet.connection('solana'), 'the Solana connection')
    const btc = await until(() => deps().wallet.connection('bip122'), 'the Bitcoin connection')
    expect(solana).toMatchObject({ connectorId: 'walletConnect', address: wallet.solanaAddress, caipNetworkId: solanaDevnet.caipNetworkId })
    expect(btc).toMatchObject({ connectorId: 'walletConnect', address: BITCOIN_ADDRESS, caipNetworkId: bitcoin.caipNetworkId })

    const message = 'hello from Airlock'
    const solanaSignature = await solana.signMessage(message)
    expect(decodeBase58(solanaSignature)).toHaveLength(64)
    expect(verifiesSolana(solana.address, message, solanaSignature)).toBe(true)
    expect(verifiesSolana(solana.address, `${message}!`, solanaSignature)).toBe(false)

    const bitcoinSignature = await btc.signMessage(message)
    expect(bitcoinSignature).toMatch(/^[A-Za-z0-9+/]+={0,2}$/)
    expect(Verifier.verifySignature(btc.address, message, bitcoinSignature)).toBe(true)
    expect(Verifier.verifySignature(btc.address, `${message}!`, bitcoinSignature)).toBe(false)

    // Each request reached the wallet on its own namespace's chain, in the shape its adapter sends.
    expect(wallet.requests).toEqual([
      {
        method: 'solana_signMessage',
        chainId: solanaDevnet.caipNetworkId,
        params: { message: expect.any(String), pubkey: wallet.solanaAddress },
      },
      {
        method: 'signMessage',
        chainId: bitcoin.caipNetworkId,
        params: { account: BITCOIN_ADDRESS, address: BITCOIN_ADDRESS, message, protocol: 'bip322' },
      },
    ])
    expect(new TextDecoder().decode(decodeBase58((wallet.requests[0]!.params as { message: string }).message))).toBe(message)

    // The page-local chain pick is answered by the session provider, never sent to the wallet.
    await expect(solana.request({ method: SET_CHAIN_METHOD, params: [solanaDevnet.caipNetworkId] })).resolves.toBeNull()
    await expect(btc.request({ method: SET_CHAIN_METHOD, params: [bitcoin.caipNetworkId] })).resolves.toBeNull()
    expect(wallet.requests.map((r) => r.method)).not.toContain(SET_CHAIN_METHOD)
    expect(wallet.requests).toHaveLength(2)
  })
})
