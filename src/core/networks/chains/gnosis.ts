/** Gnosis, eip155:100 (SPEC §9 supported chains). */
import { defineChain } from '../defineChain'

export const gnosis = /* @__PURE__ */ defineChain({
  id: 100,
  name: 'Gnosis',
  nativeCurrency: { name: 'xDAI', symbol: 'XDAI', decimals: 18 },
  rpcUrls: { default: { http: ['https://rpc.gnosischain.com'] } },
  blockExplorers: { default: { name: 'Gnosisscan', url: 'https://gnosisscan.io' } },
})
