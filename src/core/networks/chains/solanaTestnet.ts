/** Solana testnet; its CAIP-2 reference is the genesis-hash prefix (SPEC §3 built-in chains). */
import { defineChain } from '../defineChain'

export const solanaTestnet = /* @__PURE__ */ defineChain({
  id: '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z',
  name: 'Solana Testnet',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  rpcUrls: { default: { http: ['https://api.testnet.solana.com'] } },
  blockExplorers: { default: { name: 'Solscan', url: 'https://solscan.io/?cluster=testnet' } },
  chainNamespace: 'solana',
  testnet: true,
})
