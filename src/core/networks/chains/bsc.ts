/** BNB Smart Chain, eip155:56 (SPEC §3 built-in chains). */
import { defineChain } from '../defineChain'

export const bsc = /* @__PURE__ */ defineChain({
  id: 56,
  name: 'BNB Smart Chain',
  nativeCurrency: { name: 'BNB', symbol: 'BNB', decimals: 18 },
  rpcUrls: { default: { http: ['https://bsc-dataseed1.bnbchain.org'] } },
  blockExplorers: { default: { name: 'BscScan', url: 'https://bscscan.com' } },
})
