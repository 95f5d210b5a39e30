/** Base, eip155:8453 (SPEC §3 built-in chains). */
import { defineChain } from '../defineChain'

export const base = /* @__PURE__ */ defineChain({
  id: 8453,
  name: 'Base',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['https://mainnet.base.org'] } },
  blockExplorers: { default: { name: 'Basescan', url: 'https://basescan.org' } },
})
