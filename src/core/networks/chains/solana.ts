/** Solana mainnet; its CAIP-2 reference is the genesis-hash prefix (SPEC §3 built-in chains). */
import { defineChain } from '../defineChain'

export const solana = /* @__PURE__ */ defineChain({
  id: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  name: 'Solana',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  rpcUrls: { default: { http: ['https://api.mainnet-beta.solana.com'] } },
  blockExplorers: { default: { name: 'Solscan', url: 'https://solscan.io' } },
  chainNamespace: 'solana',
})
