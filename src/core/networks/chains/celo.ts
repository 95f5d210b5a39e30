/** Celo, eip155:42220 (SPEC §9 supported chains). */
import { defineChain } from '../defineChain'

export const celo = /* @__PURE__ */ defineChain({
  id: 42220,
  name: 'Celo',
  nativeCurrency: { name: 'CELO', symbol: 'CELO', decimals: 18 },
  rpcUrls: { default: { http: ['https://forno.celo.org'] } },
  blockExplorers: { default: { name: 'Celoscan', url: 'https://celoscan.io' } },
})
