/**
 * An app on Solana's wallet adapter that installs the packed tarball: `ConnectionProvider` on the
 * local SVM's JSON-RPC and `WalletProvider` with `wallets={[]}` (every wallet is discovered
 * through the Wallet Standard), around a page that lists the adapter's wallets, connects, signs a
 * message with `useWallet()` and sends lamports with `useConnection()`'s connection and
 * `sendTransaction`. Airlock's wallet is registered by `airlock/solana`; a test Solana wallet (the
 * demo's, demo/wallets/solanaWallet.ts, copied in) registers too and lists the clusters by their
 * standard names, the local validator as `solana:localnet`, as wallets in the field do.
 *
 * The app lives in .cache/solana-adapter-app between runs: its node_modules make the next install
 * take seconds (served from the npm cache).
 */
import { rootPageHtml, siteTsconfig, type ConsumerSite } from '../support/consumerSite'

/** The test wallet's name in both lists (the adapter's and Airlock's Connect). */
export const TEST_WALLET = 'Test Wallet'
/** The message the page signs. */
export const MESSAGE = 'Hello from a Solana wallet-adapter app, through Airlock'
/** What the page sends: 0.01 SOL. */
export const LAMPORTS = 10_000_000n
/** The chains the test wallet lists: the standard names, the local validator as solana:localnet (issue 25 §2). */
export const TEST_WALLET_CHAINS = ['solana:mainnet', 'solana:devnet', 'solana:testnet', 'solana:localnet']

const page = `
import { useMemo, useState } from 'react'
import { createRoot } from 'react-dom/client'
import { ConnectionProvider, WalletProvider, useConnection, useWallet } from '@solana/wallet-adapter-react'
import { PublicKey, SystemProgram, Transaction } from '@solana/web3.js'
import { createAirlock, defineChain, type AirlockInstance } from 'airlock'
import { registerAirlockWallet } from 'airlock/solana'
import { registerSolanaTestWallet } from './solanaWallet'

declare global {
  interface Window {
    airlock: AirlockInstance
  }
}

interface Env {
  readonly rpcUrl: string
  readonly wsUrl: string
  readonly caipNetworkId: string
  readonly secretKey: string
  readonly address: string
  readonly receiver: string
}

const MESSAGE = ${JSON.stringify(MESSAGE)}
const LAMPORTS = ${LAMPORTS}

const env = (await (await fetch('/env.json')).json()) as Env

// A wallet of the page's own, as a browser extension would register it.
registerSolanaTestWallet(window, {
  name: ${JSON.stringify(TEST_WALLET)},
  secretKey: env.secretKey,
  address: env.address,
  rpcUrl: env.rpcUrl,
  chains: ${JSON.stringify(TEST_WALLET_CHAINS)},
})

const airlock = createAirlock({
  projectId: 'solana-adapter-app',
  networks: [
    defineChain({
      id: env.caipNetworkId.slice('solana:'.length),
      chainNamespace: 'solana',
      name: 'Solana Local',
      nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
      rpcUrls: { default: { http: [env.rpcUrl] } },
      testnet: true,
    }),
  ],
  enableWalletConnect: false,
  metadata: { name: 'Solana adapter app', description: 'An app on Solana’s wallet adapter whose wallet is Airlock', url: location.origin, icons: [] },
})
window.airlock = airlock
registerAirlockWallet(airlock)

const hex = (bytes: Uint8Array) => Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')

function App() {
  const { wallets, select, publicKey, wallet, connecting, signMessage, sendTransaction, disconnect } = useWallet()
  const { connection } = useConnection()
  const [signature, setSignature] = useState('')
  const [sent, setSent] = useState('')
  const [failure, setFailure] = useState('')
  const fail = (error: unknown) => setFailure(error instanceof Error ? \`\${error.name}: \${error.message}\` : String(error))

  async function sign() {
    try {
      setSignature(hex(await signMessage!(new TextEncoder().encode(MESSAGE))))
    } catch (error) {
      fail(error)
    }
  }

  async function send() {
    try {
      const transaction = new Transaction().add(
        SystemProgram.transfer({ fromPubkey: publicKey!, toPubkey: new PublicKey(env.receiver), lamports: LAMPORTS }),
      )
      const { value } = await connection.getLatestBlockhashAndContext('confirmed')
      transaction.feePayer = publicKey!
      transaction.recentBlockhash = value.blockhash
      const id = await sendTransaction(transaction, connection)
      await connection.confirmTransaction({ signature: id, ...value }, 'confirmed')
      setSent(id)
    } catch (error) {
      fail(error)
    }
  }

  return (
    <main>
      <h1>Solana wallet adapter</h1>
      <ul aria-label="Wallets">
        {wallets.map(({ adapter }) => (
          <li key={adapter.name}>
            <button type="button" onClick={() => select(adapter.name)}>
              {adapter.name}
            </button>
          </li>
        ))}
      </ul>
      <dl>
        <dt>Wallet</dt>
        <dd id="wallet">{wallet?.adapter.name ?? ''}</dd>
        <dt>Public key</dt>
        <dd id="public-key">{publicKey?.toBase58() ?? (connecting ? 'connecting' : 'not connected')}</dd>
        <dt>Signature</dt>
        <dd id="signature">{signature}</dd>
        <dt>Sent</dt>
        <dd id="sent">{sent}</dd>
        <dt>Error</dt>
        <dd id="failure">{failure}</dd>
      </dl>
      <button type="button" onClick={() => void sign()} disabled={!publicKey}>
        Sign message
      </button>
      <button type="button" onClick={() => void send()} disabled={!publicKey}>
        Send 0.01 SOL
      </button>
      <button type="button" onClick={() => void disconnect()} disabled={!publicKey}>
        Disconnect
      </button>
    </main>
  )
}

function Root() {
  // web3.js would look for subscriptions one port up; the local SVM serves them on the same one.
  const config = useMemo(() => ({ commitment: 'confirmed' as const, wsEndpoint: env.wsUrl }), [])
  return (
    <ConnectionProvider endpoint={env.rpcUrl} config={config}>
      <WalletProvider wallets={[]} autoConnect onError={(error) => console.warn(error)}>
        <App />
      </WalletProvider>
    </ConnectionProvider>
  )
}

createRoot(document.getElementById('root')!).render(<Root />)
`

/** The app: the tarball beside what the page imports, the page, the test wallet and the HTML. */
export const SOLANA_ADAPTER_APP: ConsumerSite = {
  name: 'solana-adapter-app',
  dependencies: ['react', 'react-dom', '@solana/wallet-adapter-react', '@solana/wallet-adapter-base', '@solana/web3.js', '@noble/curves', '@scure/base'],
  // The site's tsc, and the types the test wallet names.
  devDependencies: ['typescript', '@types/react', '@types/react-dom', '@wallet-standard/base', '@wallet-standard/features', '@solana/wallet-standard-features'],
  files: {
    // A site's usual settings; `include` covers the page and the test wallet.
    'tsconfig.json': siteTsconfig({ verbatimModuleSyntax: true, tsBuildInfoFile: '.cache/tsbuildinfo' }),
    'src/page.tsx': page,
    'www/index.html': rootPageHtml('Solana wallet adapter app'),
  },
  copies: { 'src/solanaWallet.ts': 'demo/wallets/solanaWallet.ts' },
}
