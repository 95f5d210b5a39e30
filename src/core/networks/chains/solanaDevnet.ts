/** Solana devnet; its CAIP-2 reference is the genesis-hash prefix (SPEC §3 built-in chains). */
import { defineChain } from '../defineChain'

export const solanaDevnet = /* @__PURE__ */ defineChain({
  id: 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  name: 'Solana Devnet',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  rpcUrls: { default: { http: ['https://api.devnet.solana.com'] } },
  blockExplorers: { default: { name: 'Solscan', url: 'https://solscan.io/?cluster=devnet' } },
  chainNamespace: 'solana',
  testnet: true,
})
