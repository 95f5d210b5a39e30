// The networks the page offers (the first is the default). A local chain is one `defineChain` away:
// defineChain({ id: 31337, name: 'Local chain', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } } })
import { ethereum, sepolia } from './airlock/airlock.js'

export const networks = [ethereum, sepolia]
