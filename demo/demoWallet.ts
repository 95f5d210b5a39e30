/**
 * The demo's "Demo Wallet": a browser wallet announced through EIP-6963 that signs with an anvil
 * development key (public, well known, worthless outside a local chain). It speaks EIP-1193:
 * accounts, chain id, switching (4902 for a chain it does not know, so the add path can be seen),
 * adding chains, personal_sign and eth_sendTransaction; everything else goes to the chain's RPC.
 */
type Hex = `0x${string}`
// Two hex helpers by hand: a static import of viem here would put its shared code in the page's
// first load, and the demo's first load is what the bench measures.
const numberToHex = (value: number): Hex => `0x${value.toString(16)}`
const hexToNumber = (hex: Hex): number => Number.parseInt(hex.slice(2), 16)

const DEV_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'
const DEV_ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
/** Whether the visitor let this site see the account (kept across reloads, like a real wallet). */
const PERMISSION_KEY = 'demo-wallet:permitted'

/**
 * The signing code (viem/accounts only) loads when the wallet first signs, so the page's first
 * load stays small; viem's index is never imported here, since it would drag all of viem along.
 */
async function signer() {
  const { privateKeyToAccount } = await import('viem/accounts')
  return { account: privateKeyToAccount(DEV_KEY) }
}

export interface DemoChain {
  readonly chainId: number
  readonly rpcUrl: string
}

type Listener = (value: unknown) => void

const ICON =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#3451d1"/><path d="M18 22h28v22H18z" fill="none" stroke="#fff" stroke-width="4"/><circle cx="38" cy="33" r="3" fill="#fff"/></svg>',
  )

function rpcError(code: number, message: string): Error & { code: number } {
  return Object.assign(new Error(message), { code })
}

export function announceDemoWallet(target: Window, knownChains: readonly DemoChain[]): void {
  const chains = [...knownChains]
  let current = chains[0]
  if (!current) throw new Error('The demo wallet needs a chain')
  const listeners = new Map<string, Set<Listener>>()
  const emit = (event: string, value: unknown) => listeners.get(event)?.forEach((listener) => listener(value))
  let id = 0

  async function forward(method: string, params: unknown): Promise<unknown> {
    const response = await fetch(current!.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params: params ?? [] }),
    })
    const body = (await response.json()) as { result?: unknown; error?: { code: number; message: string } }
    if (body.error) throw rpcError(body.error.code, body.error.message)
    return body.result
  }

  const provider = {
    async request({ method, params }: { method: string; params?: unknown }): Promise<unknown> {
      const list = Array.isArray(params) ? params : []
      switch (method) {
        case 'eth_requestAccounts':
          target.localStorage.setItem(PERMISSION_KEY, '1')
          return [DEV_ADDRESS]
        case 'eth_accounts':
          return target.localStorage.getItem(PERMISSION_KEY) === '1' ? [DEV_ADDRESS] : []
        case 'wallet_revokePermissions':
          target.localStorage.removeItem(PERMISSION_KEY)
          return null
        case 'eth_chainId':
          return numberToHex(current!.chainId)
        case 'wallet_switchEthereumChain': {
          const chainId = hexToNumber((list[0] as { chainId: Hex }).chainId)
          const chain = chains.find((c) => c.chainId === chainId)
          if (!chain) throw rpcError(4902, `Unrecognized chain ID ${chainId}`)
          if (chain !== current) {
            current = chain
            emit('chainChanged', numberToHex(chainId))
          }
          return null
        }
        case 'wallet_addEthereumChain': {
          const added = list[0] as { chainId: Hex; rpcUrls: string[] }
          const chainId = hexToNumber(added.chainId)
          const rpcUrl = added.rpcUrls[0]
          if (!rpcUrl) throw rpcError(-32602, 'rpcUrls is required')
          if (!chains.some((c) => c.chainId === chainId)) chains.push({ chainId, rpcUrl })
          return null
        }
        case 'personal_sign': {
          const { account } = await signer()
          return account.signMessage({ message: { raw: list[0] as Hex } })
        }
        case 'eth_sendTransaction': {
          // Fill, sign and send a legacy transaction over the chain's RPC.
          const tx = list[0] as { to: Hex; value?: Hex; data?: Hex; gas?: Hex }
          const { account } = await signer()
          const [nonce, gasPrice, gas] = (await Promise.all([
            forward('eth_getTransactionCount', [DEV_ADDRESS, 'pending']),
            forward('eth_gasPrice', []),
            tx.gas ?? forward('eth_estimateGas', [{ from: DEV_ADDRESS, to: tx.to, value: tx.value ?? '0x0', data: tx.data }]),
          ])) as Hex[]
          const signed = await account.signTransaction({
            type: 'legacy',
            chainId: current!.chainId,
            to: tx.to,
            value: BigInt(tx.value ?? '0x0'),
            data: tx.data,
            nonce: hexToNumber(nonce!),
            gasPrice: BigInt(gasPrice!),
            gas: BigInt(gas!),
          })
          return forward('eth_sendRawTransaction', [signed])
        }
        default:
          return forward(method, params)
      }
    },
    on(event: string, listener: Listener) {
      if (!listeners.has(event)) listeners.set(event, new Set())
      listeners.get(event)?.add(listener)
    },
    removeListener(event: string, listener: Listener) {
      listeners.get(event)?.delete(listener)
    },
  }

  const info = Object.freeze({ uuid: crypto.randomUUID(), name: 'Demo Wallet', icon: ICON, rdns: 'dev.airlock.demo-wallet' })
  const announce = () => target.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info, provider }) }))
  target.addEventListener('eip6963:requestProvider', announce)
  announce()
}
