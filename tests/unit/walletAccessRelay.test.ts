/**
 * The `wallet` port over a WalletConnect session: the same plugin code that signs through an
 * announced wallet signs through a phone wallet on the far side of the relay (the real sign
 * client, the local relay of services/relay, anvil). The port knows no transport, and no
 * namespace: Solana and Bitcoin messages are signed through their chain adapters the same way.
 */
import { describe, expect, it } from 'vitest'
import { createPublicClient, http, parseEther, verifyMessage, type Hex } from 'viem'
import { createPublicKey, verify } from 'node:crypto'
import { Verifier } from 'bip322-js'
import { bitcoin, solanaDevnet, type AirlockInstance, type CaipNetwork, type PortDeps } from '../../src/index'
import { SET_CHAIN_METHOD } from '../../src/chains/adapter'
import { decodeBase58 } from '../../src/validation/base58'
import { BITCOIN_ADDRESS, WALLET_ADDRESS } from '../support/relayWallet'
import { probePlugin } from '../support/probePlugin'
import { pair, useRelayStack, valueOf } from '../support/relayStack'

const stack = useRelayStack()

/** A site with a probe plugin on `networks`; `deps()` is what the plugin received. */
async function site(networks: readonly CaipNetwork[]): Promise<{ airlock: AirlockInstance; deps: () => PortDeps }> {
  const probe = probePlugin()
  const airlock = stack.site(networks, undefined, { plugins: [probe.plugin] })
  await airlock.ready()
  return { airlock, deps: () => probe.deps() }
}

/** Whether an ed25519 `signature` (base58) of `message` is by the Solana `address` (base58 public key). */
function verifiesSolana(address: string, message: string, signature: string): boolean {
  const key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(decodeBase58(address)!).toString('base64url') }, format: 'jwk' })
  return verify(null, new TextEncoder().encode(message), key, Buffer.from(decodeBase58(signature)!))
}

describe('the wallet port over a relay session', () => {
  it('signs a message and sends a transaction through the WalletConnect session', async () => {
    const { airlock, deps } = await site([stack.localChain()])
    const wallet = await stack.wallet({ rpcUrls: { 'eip155:31337': stack.anvil.url } })
    expect(deps().wallet.connection()).toBeUndefined()

    await pair(airlock, wallet)

    const connection = await valueOf(() => deps().wallet.connection('eip155'), 'the connection')
    expect(connection).toMatchObject({ connectorId: 'walletConnect', address: WALLET_ADDRESS, caipNetworkId: 'eip155:31337' })
    const signature = (await connection.signMessage('Signed over the relay')) as Hex
    expect(await verifyMessage({ address: WALLET_ADDRESS, message: 'Signed over the relay', signature })).toBe(true)

    const hash = (await connection.sendTransaction!({ to: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC', value: parseEther('0.01') })) as Hex
    const receipt = await createPublicClient({ transport: http(stack.anvil.url) }).waitForTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    expect(wallet.requests.map((r) => r.method)).toEqual(['personal_sign', 'eth_sendTransaction'])
  })

  it('signs a Solana and a Bitcoin message through their chain adapters, and the signatures verify', async () => {
    const { airlock, deps } = await site([solanaDevnet, bitcoin])
    const wallet = await stack.wallet({ rpcUrls: {}, solana: true })
    await pair(airlock, wallet)
    expect(Object.keys(wallet.session().namespaces).sort()).toEqual(['bip122', 'solana'])

    const solana = await valueOf(() => deps().wallet.connection('solana'), 'the Solana connection')
    const btc = await valueOf(() => deps().wallet.connection('bip122'), 'the Bitcoin connection')
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
