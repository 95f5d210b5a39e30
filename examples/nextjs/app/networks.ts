/**
 * The networks the example offers, shared by the Airlock instance (providers.tsx) and the
 * Content-Security-Policy (proxy.ts), whose connect-src lists exactly their RPC origins.
 */
import { defineChain, ethereum, sepolia, type CaipNetwork } from 'airlock'

/** A local development chain (anvil, Hardhat) when NEXT_PUBLIC_RPC_URL is set at build time. */
function localChain(): CaipNetwork | undefined {
  const rpcUrl = process.env.NEXT_PUBLIC_RPC_URL
  if (!rpcUrl) return undefined
  return defineChain({
    id: Number(process.env.NEXT_PUBLIC_CHAIN_ID ?? 31337),
    name: 'Local chain',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
    testnet: true,
  })
}

const local = localChain()

export const networks: [CaipNetwork, ...CaipNetwork[]] = local ? [local, sepolia, ethereum] : [ethereum, sepolia]

/** Where Airlock's WalletConnect relay is (its default); contacted only when a visitor picks WalletConnect. */
export const RELAY_ORIGIN = 'wss://relay.walletconnect.org'
