/** Ethereum mainnet, eip155:1; the default network when the site configures none (SPEC §3 built-in chains). */
import { defineChain } from '../defineChain'

export const ethereum = /* @__PURE__ */ defineChain({
  id: 1,
  name: 'Ethereum',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['https://eth.merkle.io'] } },
  blockExplorers: { default: { name: 'Etherscan', url: 'https://etherscan.io' } },
})
