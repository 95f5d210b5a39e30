/**
 * The page of tests/e2e/consent.test.ts: a site that gives its legal links (its own terms page on
 * 127.0.0.1 and an https: privacy policy), with SPEC §9's legal checkbox on when the page's query
 * says `?legal=checkbox`. One browser wallet announces itself by EIP-6963 as an extension does: an
 * EIP-1193 provider that answers the account and chain requests of a connect with one account on
 * Ethereum. Ethereum's RPC is the test's own anvil on 127.0.0.1 (chain id 1, named by ./env.json), so a
 * connected page reads its balance there and nothing leaves the page. No config API: the wallet guide
 * lists the bundled catalog. `window.airlock` is the instance.
 */
import { createAirlock, defineChain, ethereum, type AirlockInstance } from '../../src/index'

declare global {
  interface Window {
    airlock: AirlockInstance
  }
}

const ACCOUNT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

const provider = {
  request: async ({ method }: { readonly method: string }): Promise<unknown> => {
    switch (method) {
      case 'eth_requestAccounts':
      case 'eth_accounts':
        return [ACCOUNT]
      case 'eth_chainId':
        return '0x1'
      case 'eth_getBalance':
        return '0x0'
      case 'wallet_switchEthereumChain':
        return null
      default:
        throw Object.assign(new Error(`${method} is not supported`), { code: 4200 })
    }
  },
  on: () => undefined,
  removeListener: () => undefined,
}

window.addEventListener('eip6963:requestProvider', () => {
  const icon = "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 1 1'%3E%3Crect width='1' height='1' fill='%23f80'/%3E%3C/svg%3E"
  window.dispatchEvent(
    new CustomEvent('eip6963:announceProvider', {
      detail: Object.freeze({ info: { uuid: '6a4f1c7e-0c1d-4b7a-9d1e-2f3a4b5c6d7e', name: 'Test Wallet', icon, rdns: 'test.wallet' }, provider }),
    }),
  )
})

const env = (await (await fetch('./env.json')).json()) as { rpcUrl: string }
const localEthereum = defineChain({ ...ethereum, rpcUrls: { default: { http: [env.rpcUrl] } } })

const params = new URLSearchParams(location.search)
window.airlock = createAirlock({
  projectId: 'consent',
  networks: [localEthereum],
  enableWalletConnect: false,
  enableEmbedded: false,
  termsConditionsUrl: `${location.origin}/terms.html`,
  privacyPolicyUrl: 'https://shop.example/privacy',
  features: { legalCheckbox: params.get('legal') === 'checkbox' },
})
document.body.dataset.ready = 'true'
