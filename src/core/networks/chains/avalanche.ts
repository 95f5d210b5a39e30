/** Avalanche C-Chain, eip155:43114 (SPEC §3 built-in chains). */
import { defineChain } from '../defineChain'

export const avalanche = /* @__PURE__ */ defineChain({
  id: 43114,
  name: 'Avalanche',
  nativeCurrency: { name: 'Avalanche', symbol: 'AVAX', decimals: 18 },
  rpcUrls: { default: { http: ['https://api.avax.network/ext/bc/C/rpc'] } },
  blockExplorers: { default: { name: 'SnowTrace', url: 'https://snowtrace.io' } },
})
