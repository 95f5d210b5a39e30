/**
 * A wagmi site that installs the packed tarball: WagmiProvider and QueryClientProvider around a
 * page that connects, signs, sends, switches and disconnects with wagmi's hooks, its connector
 * `airlock/wagmi`'s over an Airlock instance. The same source is bundled twice: against wagmi 3
 * (`wagmi`) and against wagmi 2 (the app installs it as `wagmi-v2` too, and the bundler aliases
 * `wagmi` to it), so one install serves both. The page reads the local chains from `/env.json`
 * and announces the Demo Wallet (demo/demoWallet.ts, copied in) through EIP-6963.
 *
 * The site lives in .cache/wagmi-app between runs: its node_modules make the next install take
 * seconds (served from the npm cache).
 */
import { rootPageHtml, siteTsconfig, type ConsumerSite } from '../support/consumerSite'

/** anvil's third development account: where the page sends. */
export const RECIPIENT = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
/** What the page sends: 0.001 ETH. */
export const AMOUNT = 1_000_000_000_000_000n
export const MESSAGE = 'Hello from a wagmi app, through Airlock'
/** The EIP-712 message the page signs. */
export const TYPED_DATA = {
  domain: { name: 'Airlock wagmi test', version: '1' },
  types: { Greeting: [{ name: 'text', type: 'string' }] },
  primaryType: 'Greeting',
  message: { text: 'gm' },
} as const

const page = `
import * as t from 'io-ts'
import { isRight } from 'fp-ts/Either'
import { useEffect, useState } from 'react'
import { createRoot } from 'react-dom/client'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import {
  WagmiProvider,
  createConfig,
  useAccount,
  useBalance,
  useConfig,
  useConnect,
  useDisconnect,
  useSendTransaction,
  useSignMessage,
  useSignTypedData,
  useSwitchChain,
  useWaitForTransactionReceipt,
  version,
} from 'wagmi'
import { createAirlock, defineChain, type AirlockInstance } from 'airlock'
import { wagmiParameters } from 'airlock/wagmi'
import { announceDemoWallet } from './demoWallet'

declare global {
  interface Window {
    airlock: AirlockInstance
  }
}

const RECIPIENT = '${RECIPIENT}'
const AMOUNT = ${AMOUNT}n
const MESSAGE = ${JSON.stringify(MESSAGE)}
const TYPED_DATA = ${JSON.stringify(TYPED_DATA)} as const

const Env = t.type({ chains: t.array(t.type({ chainId: t.number, rpcUrl: t.string, name: t.string })) })
const decoded = Env.decode(await (await fetch('/env.json')).json())
if (!isRight(decoded) || decoded.right.chains.length === 0) throw new TypeError('env.json is not what the test serves')
const { chains } = decoded.right
announceDemoWallet(window, chains)

const airlock = createAirlock({
  projectId: 'wagmi-app',
  networks: chains.map((chain) =>
    defineChain({
      id: chain.chainId,
      name: chain.name,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [chain.rpcUrl] } },
      testnet: true,
    }),
  ),
  metadata: { name: 'wagmi app', description: 'A wagmi app whose modal is Airlock', url: location.origin, icons: [] },
})
window.airlock = airlock

const config = createConfig({ ...wagmiParameters(airlock), pollingInterval: 250 })
const queryClient = new QueryClient()

const codeOf = (error: unknown) => (typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '')

function App() {
  const { address, chainId, status } = useAccount()
  const { connectors, chains } = useConfig()
  const connect = useConnect()
  const disconnect = useDisconnect()
  const switchChain = useSwitchChain()
  const signMessage = useSignMessage()
  const signTypedData = useSignTypedData()
  const send = useSendTransaction()
  const receipt = useWaitForTransactionReceipt({ hash: send.data })
  const balance = useBalance({ address: RECIPIENT })
  const [connectError, setConnectError] = useState('')
  useEffect(() => {
    if (receipt.data) void balance.refetch()
  }, [receipt.data])

  return (
    <main>
      <h1>wagmi {version}</h1>
      <dl>
        <dt>Status</dt>
        <dd id="status">{status}</dd>
        <dt>Address</dt>
        <dd id="address">{address ?? ''}</dd>
        <dt>Chain</dt>
        <dd id="chain">{chainId ?? ''}</dd>
        <dt>Connect error</dt>
        <dd id="connect-error">{connectError}</dd>
        <dt>Signature</dt>
        <dd id="signature">{signMessage.data ?? ''}</dd>
        <dt>Typed signature</dt>
        <dd id="typed-signature">{signTypedData.data ?? ''}</dd>
        <dt>Transaction</dt>
        <dd id="transaction">{send.data ?? ''}</dd>
        <dt>Receipt</dt>
        <dd id="receipt">{receipt.data?.status ?? ''}</dd>
        <dt>Recipient balance</dt>
        <dd id="balance">{balance.data?.value.toString() ?? ''}</dd>
      </dl>
      <button
        type="button"
        onClick={() =>
          connect.connectAsync({ connector: connectors[0]! }).then(
            () => setConnectError(''),
            (error: unknown) => setConnectError(\`\${error instanceof Error ? error.name : 'Error'} \${codeOf(error)}\`),
          )
        }
      >
        Connect with wagmi
      </button>
      <button type="button" onClick={() => signMessage.signMessage({ message: MESSAGE })}>
        Sign a message
      </button>
      <button type="button" onClick={() => signTypedData.signTypedData(TYPED_DATA)}>
        Sign typed data
      </button>
      <button type="button" onClick={() => send.sendTransaction({ to: RECIPIENT, value: AMOUNT })}>
        Send 0.001 ETH
      </button>
      {chains.map((chain) => (
        <button key={chain.id} type="button" onClick={() => switchChain.switchChain({ chainId: chain.id })}>
          Switch to {chain.name}
        </button>
      ))}
      <button type="button" onClick={() => disconnect.disconnect()}>
        Disconnect with wagmi
      </button>
    </main>
  )
}

createRoot(document.getElementById('root')!).render(
  <WagmiProvider config={config}>
    <QueryClientProvider client={queryClient}>
      <App />
    </QueryClientProvider>
  </WagmiProvider>,
)
`

/** The wagmi versions the page is built against: where the bundler finds `wagmi` for each. */
export const WAGMI_BUILDS = [
  { name: 'wagmi 3', dir: 'v3', alias: {}, tsconfig: 'tsconfig.json' },
  { name: 'wagmi 2', dir: 'v2', alias: { wagmi: 'wagmi-v2' }, tsconfig: 'tsconfig.v2.json' },
] as const

/**
 * The site: the tarball beside what the page imports (wagmi 3, and wagmi 2 as `wagmi-v2`), a
 * site's usual settings for its own type-check (and tsconfig.v2.json for wagmi 2), the page, the
 * Demo Wallet, and one HTML page per wagmi version under www/.
 */
export const WAGMI_SITE: ConsumerSite = {
  name: 'wagmi-site',
  dependencies: ['react', 'react-dom', '@tanstack/react-query', 'viem', 'io-ts', 'fp-ts', 'wagmi', 'wagmi-v2'],
  devDependencies: ['typescript', '@types/react', '@types/react-dom'],
  files: {
    'tsconfig.json': siteTsconfig({ lib: ['ES2023', 'DOM', 'DOM.Iterable'], verbatimModuleSyntax: true, tsBuildInfoFile: '.cache/v3.tsbuildinfo' }),
    // The same page checked against wagmi 2: 'wagmi' is the `wagmi-v2` install, as the bundler's alias makes it.
    'tsconfig.v2.json': {
      extends: './tsconfig.json',
      compilerOptions: { tsBuildInfoFile: '.cache/v2.tsbuildinfo', paths: { wagmi: ['./node_modules/wagmi-v2'], 'wagmi/*': ['./node_modules/wagmi-v2/*'] } },
    },
    'src/page.tsx': page,
    ...Object.fromEntries(WAGMI_BUILDS.map((build) => [`www/${build.dir}/index.html`, rootPageHtml('wagmi app')])),
  },
  copies: { 'src/demoWallet.ts': 'demo/demoWallet.ts' },
}
