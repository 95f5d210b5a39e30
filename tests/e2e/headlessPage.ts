/**
 * The page of tests/e2e/headless.test.ts: the Demo Wallet (an EIP-6963 wallet in this browser) is
 * announced on the served chains, then examples/headless runs as it is.
 */
import { announceDemoWallet, type DemoChain } from '../../demo/demoWallet'

const env = (await (await fetch('./env.json')).json()) as { chains: DemoChain[] }
announceDemoWallet(window, env.chains)
await import('../../examples/headless/main')
