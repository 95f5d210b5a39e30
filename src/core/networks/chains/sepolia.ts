/** Sepolia, the Ethereum test network, eip155:11155111 (SPEC §3 built-in chains). */
import { defineChain } from '../defineChain'

export const sepolia = /* @__PURE__ */ defineChain({
  id: 11155111,
  name: 'Sepolia',
  nativeCurrency: { name: 'Sepolia Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['https://rpc.sepolia.org'] } },
  blockExplorers: { default: { name: 'Etherscan', url: 'https://sepolia.etherscan.io' } },
  testnet: true,
})
