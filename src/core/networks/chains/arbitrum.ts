/** Arbitrum One, eip155:42161 (SPEC §3 built-in chains). */
import { defineChain } from '../defineChain'

export const arbitrum = /* @__PURE__ */ defineChain({
  id: 42161,
  name: 'Arbitrum One',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['https://arb1.arbitrum.io/rpc'] } },
  blockExplorers: { default: { name: 'Arbiscan', url: 'https://arbiscan.io' } },
})
