/** Polygon PoS, eip155:137 (SPEC §3 built-in chains). */
import { defineChain } from '../defineChain'

export const polygon = /* @__PURE__ */ defineChain({
  id: 137,
  name: 'Polygon',
  nativeCurrency: { name: 'POL', symbol: 'POL', decimals: 18 },
  rpcUrls: { default: { http: ['https://polygon-rpc.com'] } },
  blockExplorers: { default: { name: 'PolygonScan', url: 'https://polygonscan.com' } },
})
