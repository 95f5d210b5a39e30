/**
 * SPEC §5: "Wallet-asset discovery requires the wallet to report assetDiscovery support". The
 * wallet's own list (wallet_getAssets, EIP-7811) is asked only when its capabilities
 * (wallet_getCapabilities, EIP-5792) say `assetDiscovery: { supported: true }` on the network, or
 * on every network (0x0); otherwise the wallet is not asked and the Blockchain API answers.
 */
import { describe, expect, it } from 'vitest'
import type { WalletConnection } from '../../ports/wallet'
import { supportsAssetDiscovery, walletAssetBalances } from './walletAssets'

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const NETWORK = 'eip155:137'
const CHAIN_HEX = '0x89'

/** A wallet on Polygon with the capabilities given, recording the methods it is asked. */
function wallet(capabilities: unknown) {
  const asked: string[] = []
  const connection = {
    namespace: 'eip155',
    connectorId: 'test.wallet',
    address: ADDRESS,
    caipNetworkId: NETWORK,
    caipAddress: `${NETWORK}:${ADDRESS}`,
    request: async ({ method }: { method: string }) => {
      asked.push(method)
      return {
        [CHAIN_HEX]: [{ address: '0x', balance: '0xde0b6b3a7640000', type: 'NATIVE', metadata: { name: 'POL', symbol: 'POL', decimals: 18, price: 2 } }],
      }
    },
    signMessage: async () => '0x',
    getCapabilities: async () => capabilities,
  } as unknown as WalletConnection
  return { connection, asked }
}

const supported = { assetDiscovery: { supported: true } }

describe('wallet-asset discovery (SPEC §5)', () => {
  it('is supported only where the capabilities say assetDiscovery.supported is true, for the chain or for every chain (0x0)', () => {
    expect(supportsAssetDiscovery({ [CHAIN_HEX]: supported }, CHAIN_HEX)).toBe(true)
    expect(supportsAssetDiscovery({ '0x0': supported }, CHAIN_HEX)).toBe(true)
    expect(supportsAssetDiscovery({ '0x1': supported }, CHAIN_HEX)).toBe(false)
    expect(supportsAssetDiscovery({ [CHAIN_HEX]: { assetDiscovery: { supported: false } } }, CHAIN_HEX)).toBe(false)
    expect(supportsAssetDiscovery({ [CHAIN_HEX]: { assetDiscovery: true } }, CHAIN_HEX)).toBe(false)
    expect(supportsAssetDiscovery({ [CHAIN_HEX]: { atomic: { status: 'supported' } } }, CHAIN_HEX)).toBe(false)
    expect(supportsAssetDiscovery({}, CHAIN_HEX)).toBe(false)
    expect(supportsAssetDiscovery(undefined, CHAIN_HEX)).toBe(false)
    expect(supportsAssetDiscovery('supported', CHAIN_HEX)).toBe(false)
  })

  it('a wallet that does not report it is never asked for its assets: the API answers instead', async () => {
    for (const capabilities of [{}, { '0x1': supported }, { [CHAIN_HEX]: { assetDiscovery: { supported: false } } }, undefined]) {
      const { connection, asked } = wallet(capabilities)
      await expect(walletAssetBalances(connection, NETWORK)).resolves.toBeUndefined()
      expect(asked).toEqual([])
    }
  })

  it('a wallet that reports it on the network, or on every network, is asked, and its list is the balances', async () => {
    for (const capabilities of [{ [CHAIN_HEX]: supported }, { '0x0': supported }]) {
      const { connection, asked } = wallet(capabilities)
      const balances = await walletAssetBalances(connection, NETWORK)
      expect(asked).toEqual(['wallet_getAssets'])
      expect(balances).toEqual([expect.objectContaining({ symbol: 'POL', chainId: NETWORK, price: 2, quantity: { decimals: '18', numeric: '1' } })])
    }
  })

  it('a wallet whose capabilities cannot be read is not asked either', async () => {
    const { connection, asked } = wallet(undefined)
    const failing = { ...connection, getCapabilities: () => Promise.reject(new Error('4200')) } as WalletConnection
    await expect(walletAssetBalances(failing, NETWORK)).resolves.toBeUndefined()
    expect(asked).toEqual([])
  })
})
