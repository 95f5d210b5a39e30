/**
 * The code the demo page shows for a developer to copy: each sample dApp action as it is written
 * with viem over `airlock.getProvider('eip155')`, and the `createAirlock` options of the panel's
 * current choices (`configSnippet`).
 */
import type { ConnectMethod, ThemeMode, ThemeVariables, WalletFeature } from 'airlock'
import { DEFAULT_CONNECT_METHODS, DEFAULT_THEME_VARIABLES, DEFAULT_WALLET_FEATURES, isDefaultFeature, PANEL_FEATURES, type PanelFeature } from './choices'

export const code = {
  account: `const airlock = createAirlock({ projectId, networks })
airlock.open() // Connect, or Account once connected
airlock.state$.subscribe((state) => render(state))

// With React (airlock/react):
<AirlockProvider airlock={airlock}>
  <NetworkButton />
  <ConnectButton />
</AirlockProvider>`,
  sign: `import { createWalletClient, createPublicClient, custom, http } from 'viem'

const provider = airlock.getProvider('eip155')
const wallet = createWalletClient({ chain, transport: custom(provider) })
const [account] = await wallet.getAddresses()
const signature = await wallet.signMessage({ account, message })

const client = createPublicClient({ chain, transport: http() })
const valid = await client.verifyMessage({ address: account, message, signature })`,
  send: `const hash = await wallet.sendTransaction({ account, chain, to, value: parseEther(amount) })
const receipt = await client.waitForTransactionReceipt({ hash })
// Airlock reads the account's balances and activity on that chain again.
airlock.transactionSettled({ namespace: 'eip155', chainId: String(chain.id), hash })`,
  pay: `import { pay } from 'airlock'
// createAirlock({ …, features: { pay: true } })
const { txHash } = await pay(airlock, { recipient, amount, network: 'eip155:31337', asset: 'native' })`,
  switchNetwork: `try {
  await wallet.switchChain({ id: chain.id })
} catch (error) {
  // 4902: the wallet does not know the chain yet
  if (error.code !== 4902) throw error
  await wallet.addChain({ chain })
  await wallet.switchChain({ id: chain.id })
}`,
  events: `airlock.subscribeEvents((event) => analytics.track(event.type, event.payload))`,
  wagmiAccount: `import { createConfig, WagmiProvider, useConnection, useConnect, useConnectors } from 'wagmi'
import { wagmiParameters } from 'airlock/wagmi'

const config = createConfig(wagmiParameters(airlock))
// <WagmiProvider config={config}><QueryClientProvider client={queryClient}>…

const { address, chain } = useConnection()
const connectors = useConnectors() // [Airlock]
const { mutate: connect } = useConnect()
connect({ connector: connectors[0] }) // opens Airlock's modal`,
  wagmiSign: `const { mutateAsync: signMessage } = useSignMessage()
const signature = await signMessage({ message })
const valid = await usePublicClient().verifyMessage({ address, message, signature })`,
  wagmiSend: `const { mutateAsync: sendTransaction } = useSendTransaction()
const hash = await sendTransaction({ to, value: parseEther(amount) })
const { data: receipt } = useWaitForTransactionReceipt({ hash })`,
  wagmiSwitch: `const chains = useChains()
const { mutateAsync: switchChain } = useSwitchChain()
await switchChain({ chainId }) // Airlock's network follows`,
} as const

/** What the snippet is made of: the live features and theme, and the options read at start. */
export interface SnippetChoices {
  /** The panel's features as the site set them (`state.options.localFeatures`). */
  readonly features: Readonly<Partial<Record<PanelFeature, boolean | readonly string[]>>>
  readonly connectMethodsOrder: readonly ConnectMethod[] | null
  readonly walletFeaturesOrder: readonly WalletFeature[] | null
  readonly themeMode: ThemeMode
  readonly themeVariables: ThemeVariables
  readonly locale: string
}

const literal = (value: unknown): string => {
  if (typeof value === 'string') return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`
  if (Array.isArray(value)) return `[${value.map(literal).join(', ')}]`
  return String(value)
}

const objectLiteral = (entries: readonly (readonly [string, unknown])[]): string =>
  `{ ${entries.map(([key, value]) => `${/^[a-z]\w*$/i.test(key) ? key : literal(key)}: ${literal(value)}`).join(', ')} }`

/**
 * The `createAirlock` call for the choices, with only what differs from Airlock's defaults, and
 * the run-time calls that apply the live part to a running instance.
 *
 * ```ts
 * configSnippet({ features: { swaps: false }, connectMethodsOrder: null, walletFeaturesOrder: null, themeMode: 'dark', themeVariables: {}, locale: 'en' })
 * // import { createAirlock, ethereum } from 'airlock' … features: { swaps: false }, themeMode: 'dark', …
 * ```
 */
export function configSnippet(choices: SnippetChoices): string {
  const features = PANEL_FEATURES.filter((f) => !isDefaultFeature(f, choices.features[f] as never)).map((f) => [f, choices.features[f]] as const)
  const variables = Object.entries(choices.themeVariables).filter(([name, value]) => value !== undefined && value !== DEFAULT_THEME_VARIABLES[name])
  const connectOrder = choices.connectMethodsOrder !== null && choices.connectMethodsOrder.join() !== DEFAULT_CONNECT_METHODS.join()
  const walletOrder = choices.walletFeaturesOrder !== null && choices.walletFeaturesOrder.join() !== DEFAULT_WALLET_FEATURES.join()
  const options = [
    `  projectId: 'your-project-id',`,
    `  networks: [ethereum],`,
    features.length > 0 && `  features: ${objectLiteral(features)},`,
    connectOrder && `  connectMethodsOrder: ${literal(choices.connectMethodsOrder)},`,
    walletOrder && `  walletFeaturesOrder: ${literal(choices.walletFeaturesOrder)},`,
    choices.themeMode !== 'light' && `  themeMode: ${literal(choices.themeMode)},`,
    variables.length > 0 && `  themeVariables: ${objectLiteral(variables)},`,
    choices.locale !== 'en' && `  locale: ${literal(choices.locale)},`,
  ].filter((line): line is string => typeof line === 'string')
  const runTime = [
    features.length > 0 && `airlock.setFeatures(${objectLiteral(features)})`,
    choices.themeMode !== 'light' && `airlock.setThemeMode(${literal(choices.themeMode)})`,
    variables.length > 0 && `airlock.setThemeVariables(${objectLiteral(variables)})`,
  ].filter((line): line is string => typeof line === 'string')
  return [
    `import { createAirlock, ethereum } from 'airlock'`,
    ``,
    `const airlock = createAirlock({`,
    ...options,
    `})`,
    ...(runTime.length > 0 ? [``, `// Or on the running instance:`, ...runTime] : []),
  ].join('\n')
}
