/** OP Mainnet, eip155:10 (SPEC §3 built-in chains). */
import { defineChain } from '../defineChain'

export const optimism = /* @__PURE__ */ defineChain({
  id: 10,
  name: 'OP Mainnet',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['https://mainnet.optimism.io'] } },
  blockExplorers: { default: { name: 'Optimism Explorer', url: 'https://optimistic.etherscan.io' } },
})
