/** Aurora, eip155:1313161554 (SPEC §9 supported chains). */
import { defineChain } from '../defineChain'

export const aurora = /* @__PURE__ */ defineChain({
  id: 1313161554,
  name: 'Aurora',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['https://mainnet.aurora.dev'] } },
  blockExplorers: { default: { name: 'Aurorascan', url: 'https://aurorascan.dev' } },
})
