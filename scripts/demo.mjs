// The one command that runs the demo on a fresh machine: `npm start`. It installs what it needs,
// builds the demo, starts two local anvil chains, a local Solana cluster (litesvm), a Bitcoin
// regtest node (bcoin, Esplora API), airlock-server (the config API, the auth service, sign-in
// with a wallet, name registration and the secure frame, on its embedded database in a temporary
// directory), the WalletConnect relay and the Blockchain API with the demo contracts and history
// (its name paths passed to airlock-server), and serves the
// page on 127.0.0.1 (PORT, default 5173).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ensureInstall, root } from './ensure-install.mjs'

ensureInstall()
process.chdir(root)
const { buildAll } = await import('../esbuild.config.mjs')
await buildAll()
const { startDemoStack } = await import('../services/demoStack.mjs')
// airlock-server's embedded database lives in a temporary directory for the demo's lifetime.
const dataDir = mkdtempSync(join(tmpdir(), 'airlock-demo-data-'))
const stack = await startDemoStack({ port: Number(process.env.PORT ?? 5173), dataDir })
console.log(`
Airlock demo: open ${stack.url} (the sample dApp with viem; with wagmi: ${stack.url}wagmi.html)
  chains: ${stack.chains.map((c) => `${c.name} (id ${c.chainId}) at ${c.rpcUrl}`).join(', ')}
  Solana: ${stack.solana.caipNetworkId} at ${stack.solana.url}
  Bitcoin regtest (Esplora API): ${stack.bitcoin.url}
  airlock-server (config API, auth, sign-in with a wallet, name registration; embedded database in ${dataDir}): ${stack.airlock.url}
  the site owner's console: ${stack.airlock.url}/console${
    stack.airlock.firstRun ? ` (first run: sign in with a wallet there and enter the secret ${stack.airlock.firstRun.secret})` : ''
  }${
    stack.account
      ? `
  Blockchain API (balances, NFTs, history, names through airlock-server, swaps over the first chain): ${stack.account.apiUrl}
  swaps: Uniswap V2 router ${stack.account.swap.router}; buy crypto: the local on-ramp's widget at ${stack.account.onramp.url} (test card 4242 4242 4242 4242)`
      : ''
  }
  sign-in with a wallet: open the page with ?siwx=1, or ?siwx=required
  legal consent: the terms and privacy links are under Connect; ?legal=checkbox makes the wallets wait for the tick
  WalletConnect relay: ${stack.relayUrl} (local, for development; production sites use the WalletConnect network)${
    stack.embedded
      ? `
  embedded wallet: secure frame ${stack.embedded.frameUrl}, bundler ${stack.embedded.bundlerUrl}
  demo tools (the mailbox with sign-in codes, a local Farcaster app): ${stack.devToolsUrl}`
      : ''
  }
The page holds a "Demo Wallet" in EVM (EIP-6963, anvil's first development key), Solana (Wallet
Standard) and Bitcoin (btc_providers), listed once; its keys are public development keys.
The instance is window.airlock in the page's console. Ctrl-C stops everything.`)
const stop = async () => {
  await stack.stop()
  rmSync(dataDir, { recursive: true, force: true })
  process.exit(0)
}
// Each mail the SMTP sink receives (a sign-in code, a device link), printed as it arrives.
if (stack.embedded) {
  let seen = 0
  setInterval(() => {
    const mails = stack.embedded.smtp.messages()
    for (const mail of mails.slice(seen)) console.log(`\n[mail to ${mail.to}] ${mail.subject}\n${mail.text.trim()}\n`)
    seen = mails.length
  }, 1000).unref()
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
