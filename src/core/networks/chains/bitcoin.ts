/** Bitcoin mainnet, bip122 with the genesis block hash prefix as reference (SPEC §3 built-in chains). */
import { defineChain } from '../defineChain'

export const bitcoin = /* @__PURE__ */ defineChain({
  id: '000000000019d6689c085ae165831e93',
  name: 'Bitcoin',
  nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 },
  rpcUrls: { default: { http: ['https://mempool.space/api'] } },
  blockExplorers: { default: { name: 'Mempool', url: 'https://mempool.space' } },
  chainNamespace: 'bip122',
})
