/** ZKsync Era, eip155:324 (SPEC §9 supported chains: "zkSync"). */
import { defineChain } from '../defineChain'

export const zksync = /* @__PURE__ */ defineChain({
  id: 324,
  name: 'ZKsync Era',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['https://mainnet.era.zksync.io'] } },
  blockExplorers: { default: { name: 'ZKsync Explorer', url: 'https://explorer.zksync.io' } },
})
