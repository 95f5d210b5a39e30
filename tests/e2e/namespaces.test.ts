/**
 * Solana and Bitcoin in the same modal as EVM (issue 12), in real Chromium under the demo's strict
 * CSP, against the demo's real local chains: litesvm behind JSON-RPC (services/solana) and a bcoin
 * regtest node behind Esplora (services/bitcoin). The demo's Demo Wallet is one wallet in three
 * namespaces: EIP-6963 for EVM, the Wallet Standard for Solana, a sats-connect style provider for
 * Bitcoin (demo/wallets).
 * - it appears once (MULTI_CHAIN) and connecting connects all three;
 * - SOL and BTC balances come from the chains; the Account view switches EVM → Solana → Bitcoin
 *   and back, with each namespace's address, explorer link and copy;
 * - a message signed through the Solana wallet verifies (ed25519), one signed through the Bitcoin
 *   wallet verifies (BIP-322); SOL and an SPL token move on the SVM; a PSBT is signed, broadcast
 *   and mined, and the balance the modal shows changes;
 * - a reload keeps every namespace connected;
 * - a Network picked in a namespace without a wallet goes through SwitchActiveChain;
 * - hostile Wallet Standard registrations stay inert.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import { mkdirSync } from 'node:fs'
import { createPublicKey, verify } from 'node:crypto'
import { Connection, Keypair, PublicKey, SystemProgram, Transaction } from '@solana/web3.js'
import { createTransferInstruction, getAssociatedTokenAddressSync, createAssociatedTokenAccountIdempotentInstruction } from '@solana/spl-token'
import * as bitcoin from 'bitcoinjs-lib'
import { Verifier } from 'bip322-js'
import { ensureBuilt } from '../../esbuild.config.mjs'
import { startDemoStack, DEMO_BITCOIN_SATS, DEMO_SOLANA_LAMPORTS, DEMO_SOLANA_TOKENS } from '../../services/demoStack.mjs'
import { DEV_ACCOUNT } from '../../services/chain/anvil.mjs'
import { launchChromium } from './browser'
import { axeViolations } from './axe'
import { decodeBase58 } from '../../src/validation/base58'
import jsQR from 'jsqr'
import { idleMs } from '../support/until'

let stack: Awaited<ReturnType<typeof startDemoStack>>
const contexts: BrowserContext[] = []
const problems: string[] = []

async function newContext(): Promise<BrowserContext> {
  const context = await launchChromium()
  contexts.push(context)
  await context.route('**/*', (route) => (new URL(route.request().url()).hostname === '127.0.0.1' ? route.continue() : route.abort()))
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  return context
}

async function openDemo(context: BrowserContext, query = ''): Promise<Page> {
  const page = context.pages()[0] ?? (await context.newPage())
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|Refused to/.test(message.text())) problems.push(`csp: ${message.text()}`)
  })
  page.on('dialog', (dialog) => {
    problems.push(`a dialog opened: ${dialog.message()}`)
    void dialog.dismiss()
  })
  await page.goto(`${stack.url}${query}`)
  await page.getByText('Airlock is running').waitFor()
  return page
}

const dialog = (page: Page) => page.getByRole('dialog')
const accountLine = (page: Page) => page.locator('#account')
const state = <T>(page: Page, read: string): Promise<T> => page.evaluate(`(${read})(window.airlock.getState())`) as Promise<T>

/** Open the modal on Account and pick `network` in the network list. */
async function switchTo(page: Page, network: string): Promise<void> {
  if (!(await state<boolean>(page, '(s) => s.router.open'))) await page.getByRole('button', { name: 'Connect wallet', exact: true }).click()
  await dialog(page)
    .getByRole('button', { name: /^Network: / })
    .click()
  await dialog(page)
    .getByRole('button', { name: new RegExp(network) })
    .click()
  await page.waitForFunction((name) => {
    const s = window.airlock.getState()
    const ns = s.networks.activeNamespace
    return ns !== null && s.networks.byNamespace[ns].networks.some((n) => n.name === name && n.caipNetworkId === s.networks.activeCaipNetworkId)
  }, network)
}

async function connectAll(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Connect wallet', exact: true }).click()
  await dialog(page).getByRole('button', { name: 'Demo Wallet' }).click()
  await page.waitForFunction(() => window.airlock.getState().connection.connectedNamespaces.length === 3)
  await page.waitForFunction(() => !window.airlock.getState().router.open)
}

async function esplora<T>(path: string, init?: RequestInit): Promise<T> {
  const response = await fetch(`${stack.bitcoin.url}${path}`, init)
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`)
  return (response.headers.get('content-type') ?? '').includes('json') ? ((await response.json()) as T) : ((await response.text()) as T)
}

async function btcBalance(address: string): Promise<bigint> {
  const stats = await esplora<{
    chain_stats: { funded_txo_sum: number; spent_txo_sum: number }
    mempool_stats: { funded_txo_sum: number; spent_txo_sum: number }
  }>(`/address/${address}`)
  const sum = (s: { funded_txo_sum: number; spent_txo_sum: number }) => BigInt(s.funded_txo_sum - s.spent_txo_sum)
  return sum(stats.chain_stats) + sum(stats.mempool_stats)
}

beforeAll(async () => {
  await ensureBuilt()
  stack = await startDemoStack({ accountServices: false })
  mkdirSync('test-results', { recursive: true })
}, idleMs(120_000))

afterAll(async () => {
  for (const context of contexts) await context.close()
  await stack?.stop()
})

describe('one Demo Wallet in EVM, Solana and Bitcoin', () => {
  it(
    'is listed once (MULTI_CHAIN), connects all three namespaces, and shows each one’s address, balance and explorer link',
    async () => {
      const context = await newContext()
      const page = await openDemo(context)
      await page.getByRole('button', { name: 'Connect wallet', exact: true }).click()
      await dialog(page).getByRole('button', { name: 'Demo Wallet' }).waitFor()
      expect(await dialog(page).getByRole('button', { name: 'Demo Wallet' }).count()).toBe(1)
      const entry = await state<{ type: string; chains: string[] }>(
        page,
        `(s) => { const c = s.connectors.connectors.find((c) => c.name === 'Demo Wallet'); return { type: c.type, chains: (c.connectors ?? []).map((m) => m.chain).sort() } }`,
      )
      expect(entry).toEqual({ type: 'MULTI_CHAIN', chains: ['bip122', 'eip155', 'solana'] })
      await page.screenshot({ path: 'test-results/namespaces-connect.png' })
      await dialog(page).getByRole('button', { name: 'Demo Wallet' }).click()
      await page.waitForFunction(() => window.airlock.getState().connection.connectedNamespaces.length === 3)
      const accounts = await state<Record<string, { address: string; allAccounts: { address: string; type: string }[] }>>(page, '(s) => s.account.accounts')
      expect(accounts.eip155?.address).toBe(DEV_ACCOUNT.address)
      expect(accounts.solana?.address).toBe(stack.demoAccounts.solana)
      expect(accounts.bip122?.address).toBe(stack.demoAccounts.bitcoinPayment)
      // Payment first (SPEC §9 bip122 default account type), then the ordinals address.
      expect(accounts.bip122?.allAccounts).toEqual([
        { address: stack.demoAccounts.bitcoinPayment, type: 'payment' },
        { address: stack.demoAccounts.bitcoinOrdinals, type: 'ordinal' },
      ])

      // Solana: base58 address, the SOL balance of the SVM, the Solana explorer on the local cluster, copy.
      await switchTo(page, 'Solana Local')
      const sol = stack.demoAccounts.solana
      await dialog(page)
        .getByText(`${sol.slice(0, 6)}…${sol.slice(-4)}`)
        .waitFor()
      await dialog(page)
        .getByText(`${(Number(DEMO_SOLANA_LAMPORTS) / 1e9).toLocaleString('en-US', { minimumFractionDigits: 2 })} SOL`)
        .waitFor()
      const solExplorer = await dialog(page).getByRole('link', { name: 'View on Solana Explorer' }).getAttribute('href')
      expect(solExplorer).toBe(`https://explorer.solana.com/address/${sol}?cluster=custom&customUrl=${encodeURIComponent(stack.solana.url)}`)
      await dialog(page).getByRole('button', { name: 'Copy address' }).click()
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(sol)
      expect(await axeViolations(page)).toEqual([])
      await page.screenshot({ path: 'test-results/namespaces-solana-account.png' })

      // Bitcoin: bech32 payment address, the regtest balance from Esplora, its explorer link.
      await switchTo(page, 'Bitcoin Regtest')
      const btc = stack.demoAccounts.bitcoinPayment
      await dialog(page)
        .getByText(`${btc.slice(0, 6)}…${btc.slice(-4)}`)
        .waitFor()
      await dialog(page)
        .getByText(`${(Number(DEMO_BITCOIN_SATS) / 1e8).toFixed(2)} BTC`)
        .waitFor()
      expect(await dialog(page).getByRole('link', { name: 'View on Esplora' }).getAttribute('href')).toBe(`${stack.bitcoin.url}/address/${btc}`)
      await page.screenshot({ path: 'test-results/namespaces-bitcoin-account.png' })

      // And back to EVM, in the same modal.
      await switchTo(page, 'Airlock Local A')
      await dialog(page).getByText('10,000.00 ETH').waitFor()
      expect(await state<string>(page, '(s) => s.networks.activeNamespace')).toBe('eip155')
      // The active namespace is stored (SPEC §3 browser storage).
      expect(
        await page.evaluate(() =>
          Object.entries(localStorage)
            .filter(([k]) => /namespace/i.test(k))
            .map(([, v]) => v),
        ),
      ).toContain('"eip155"')

      // A reload keeps all three connected, each through its own connector.
      await page.reload()
      await page.getByText('Airlock is running').waitFor()
      await page.waitForFunction(() => window.airlock.getState().connection.connectedNamespaces.length === 3)
      const ids = await state<Record<string, string | null>>(page, '(s) => s.connectors.activeConnectorIds')
      expect(ids).toMatchObject({ eip155: 'dev.airlock.demo-wallet', solana: 'wallet-standard.solana.demo-wallet', bip122: 'btc.airlockdemobitcoin.provider' })
      // …and comes back on the namespace the visitor left (it came back on Bitcoin, the last to answer).
      expect(await state<string>(page, '(s) => s.networks.activeNamespace')).toBe('eip155')
      expect(problems).toEqual([])
    },
    idleMs(90_000),
  )
})

describe('signing and sending on the local chains', () => {
  it(
    'a Solana message signature verifies, and SOL and an SPL token move on the SVM',
    async () => {
      const context = await newContext()
      const page = await openDemo(context)
      await connectAll(page)
      const address = stack.demoAccounts.solana
      const message = 'Sign in to the Airlock demo'
      const { signature } = await page.evaluate(
        async ({ message, address }) => {
          const provider = window.airlock.getProvider('solana')!
          const base58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
          let n = 0n
          for (const byte of new TextEncoder().encode(message)) n = n * 256n + BigInt(byte)
          let encoded = ''
          while (n > 0n) {
            encoded = base58[Number(n % 58n)] + encoded
            n /= 58n
          }
          return (await provider.request({ method: 'solana_signMessage', params: { message: encoded, pubkey: address } })) as { signature: string }
        },
        { message, address },
      )
      const key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(decodeBase58(address)!).toString('base64url') }, format: 'jwk' })
      expect(verify(null, Buffer.from(message), key, Buffer.from(decodeBase58(signature)!))).toBe(true)

      // SOL and the demo token to a new account, in one transaction the wallet signs and sends.
      const connection = new Connection(stack.solana.url, { commitment: 'confirmed', wsEndpoint: stack.solana.wsUrl })
      const owner = new PublicKey(address)
      const receiver = Keypair.generate().publicKey
      const mint = new PublicKey(stack.solana.mint)
      const fromAta = getAssociatedTokenAddressSync(mint, owner)
      const toAta = getAssociatedTokenAddressSync(mint, receiver)
      const { blockhash } = await connection.getLatestBlockhash()
      const transaction = new Transaction({ feePayer: owner, recentBlockhash: blockhash }).add(
        SystemProgram.transfer({ fromPubkey: owner, toPubkey: receiver, lamports: 1_500_000_000 }),
        createAssociatedTokenAccountIdempotentInstruction(owner, toAta, receiver, mint),
        createTransferInstruction(fromAta, toAta, owner, 250_000_000n),
      )
      const wire = transaction.serialize({ requireAllSignatures: false, verifySignatures: false }).toString('base64')
      const sent = await page.evaluate(
        (transaction) => window.airlock.getProvider('solana')!.request({ method: 'solana_signAndSendTransaction', params: { transaction } }),
        wire,
      )
      expect(sent).toEqual({ signature: expect.stringMatching(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/) })
      expect(await connection.getBalance(receiver)).toBe(1_500_000_000)
      expect((await connection.getTokenAccountBalance(toAta)).value.amount).toBe('250000000')
      expect((await connection.getTokenAccountBalance(fromAta)).value.amount).toBe(String(DEMO_SOLANA_TOKENS - 250_000_000n))
      const left = await connection.getBalance(owner)
      expect(left).toBeLessThan(Number(DEMO_SOLANA_LAMPORTS) - 1_500_000_000)

      // The modal, opened again on Solana, shows the balance the chain now has.
      await switchTo(page, 'Solana Local')
      await dialog(page)
        .getByText(`${(left / 1e9).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} SOL`)
        .waitFor()
      expect(problems).toEqual([])
    },
    idleMs(90_000),
  )

  it(
    'a Bitcoin message signature verifies (BIP-322); a PSBT is signed, broadcast and mined, and the balance shown changes',
    async () => {
      const context = await newContext()
      const page = await openDemo(context)
      await connectAll(page)
      const payment = stack.demoAccounts.bitcoinPayment
      const message = 'Sign in to the Airlock demo'
      const signed = (await page.evaluate(
        ({ message, payment }) =>
          window.airlock.getProvider('bip122')!.request({ method: 'signMessage', params: { account: payment, address: payment, message, protocol: 'bip322' } }),
        { message, payment },
      )) as { signature: string }
      expect(Verifier.verifySignature(payment, message, signed.signature)).toBe(true)
      expect(Verifier.verifySignature(payment, `${message}!`, signed.signature)).toBe(false)

      // A PSBT built here spends the wallet's UTXO to another address; the wallet signs and broadcasts.
      const before = await btcBalance(payment)
      const [utxo] = await esplora<{ txid: string; vout: number; value: number }[]>(`/address/${payment}/utxo`)
      const receiver = 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080'
      const regtest = bitcoin.networks.regtest
      const psbt = new bitcoin.Psbt({ network: regtest })
      psbt.addInput({
        hash: utxo!.txid,
        index: utxo!.vout,
        witnessUtxo: { script: bitcoin.address.toOutputScript(payment, regtest), value: BigInt(utxo!.value) },
      })
      psbt.addOutput({ address: receiver, value: 40_000_000n })
      psbt.addOutput({ address: payment, value: BigInt(utxo!.value) - 40_000_000n - 2_000n })
      const answer = (await page.evaluate(
        ({ psbt, payment }) =>
          window.airlock
            .getProvider('bip122')!
            .request({ method: 'signPsbt', params: { account: payment, psbt, signInputs: [{ address: payment, index: 0 }], broadcast: true } }),
        { psbt: psbt.toBase64(), payment },
      )) as { psbt: string; txid: string }
      expect(answer.txid).toMatch(/^[0-9a-f]{64}$/)
      await esplora(`/regtest/mine`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ blocks: 1 }) })
      expect(await esplora<{ confirmed: boolean }>(`/tx/${answer.txid}/status`)).toMatchObject({ confirmed: true })
      expect(await btcBalance(receiver)).toBe(40_000_000n)
      const after = await btcBalance(payment)
      expect(after).toBe(before - 40_000_000n - 2_000n)

      await switchTo(page, 'Bitcoin Regtest')
      await dialog(page)
        .getByText(`${(Number(after) / 1e8).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} BTC`)
        .waitFor()
      expect(problems).toEqual([])
    },
    idleMs(90_000),
  )
})

describe('a network of a namespace without a wallet (SPEC §2 SwitchActiveChain, §4)', () => {
  it(
    'says a wallet must be connected there, switches, and Connect connects only that namespace',
    async () => {
      const context = await newContext()
      const page = await openDemo(context)
      // Connected on all three, then the site leaves Solana: the visitor is on EVM and Bitcoin only.
      await connectAll(page)
      await accountLine(page).getByText('Connected:').waitFor()
      await page.evaluate(() => window.airlock.disconnect('solana'))
      await page.waitForFunction(() => !window.airlock.getState().connection.connectedNamespaces.includes('solana'))

      if (!(await state<boolean>(page, '(s) => s.router.open'))) await page.getByRole('button', { name: 'Connect wallet', exact: true }).click()
      await dialog(page)
        .getByRole('button', { name: /^Network: / })
        .click()
      await dialog(page)
        .getByRole('button', { name: /Solana Local/ })
        .click()
      await page.locator('airlock-modal [role=dialog][data-view=SwitchActiveChain]').waitFor()
      await dialog(page).getByText('No wallet is connected on Solana Local').waitFor()
      expect(await axeViolations(page)).toEqual([])
      await page.screenshot({ path: 'test-results/switch-active-chain.png' })
      await dialog(page).getByRole('button', { name: 'Switch to Solana Local' }).click()
      await page.locator('airlock-modal [role=dialog][data-view=Connect]').waitFor()
      expect(await state<boolean>(page, '(s) => s.networks.isSwitchingNamespace')).toBe(true)
      await dialog(page).getByRole('button', { name: 'Demo Wallet' }).click()
      await page.waitForFunction(() => window.airlock.getState().connection.connectedNamespaces.includes('solana'))
      expect(await state<boolean>(page, '(s) => s.networks.isSwitchingNamespace')).toBe(false)
      expect(await state<string>(page, '(s) => s.networks.activeNamespace')).toBe('solana')
      expect(problems).toEqual([])
    },
    idleMs(90_000),
  )
})

/** The QR code the page drew, rasterised module by module from its SVG path and read with jsQR. */
async function readQrCode(page: Page, label: RegExp): Promise<string | undefined> {
  const svg = dialog(page).getByRole('img', { name: label })
  const viewBox = (await svg.getAttribute('viewBox')) ?? ''
  const path = (await svg.locator('path').getAttribute('d')) ?? ''
  const size = Number(viewBox.split(' ')[2])
  const scale = 4
  const width = size * scale
  const pixels = new Uint8ClampedArray(width * width * 4).fill(255)
  for (const [, x, y] of path.matchAll(/M(\d+) (\d+)h1v1h-1z/g)) {
    for (let dy = 0; dy < scale; dy++)
      for (let dx = 0; dx < scale; dx++) {
        const i = ((Number(y) * scale + dy) * width + Number(x) * scale + dx) * 4
        pixels[i] = pixels[i + 1] = pixels[i + 2] = 0
      }
  }
  return jsQR(pixels, width, width)?.data
}

describe('Receive (SPEC §1)', () => {
  it(
    'shows the active address as text and a QR code that decodes to it, on EVM and on Solana, and copies it',
    async () => {
      const context = await newContext()
      const page = await openDemo(context)
      await connectAll(page)
      await page.getByRole('button', { name: 'Connect wallet', exact: true }).click()
      await dialog(page).getByRole('button', { name: 'Receive' }).click()
      await page.locator('airlock-modal [role=dialog][data-view=WalletReceive]').waitFor()
      await dialog(page).getByText(DEV_ACCOUNT.address).waitFor()
      expect(await readQrCode(page, /QR code of your address/)).toBe(DEV_ACCOUNT.address)
      await dialog(page).getByRole('region', { name: 'Networks you can receive on' }).getByText('Airlock Local B').waitFor()
      expect(await axeViolations(page)).toEqual([])
      await page.screenshot({ path: 'test-results/receive-evm.png' })
      await dialog(page).getByRole('button', { name: 'Copy address' }).click()
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(DEV_ACCOUNT.address)

      await dialog(page).getByRole('button', { name: 'Back' }).click()
      await switchTo(page, 'Solana Local')
      await dialog(page).getByRole('button', { name: 'Receive' }).click()
      await dialog(page).getByText(stack.demoAccounts.solana).waitFor()
      expect(await readQrCode(page, /QR code of your address on Solana Local/)).toBe(stack.demoAccounts.solana)
      expect(problems).toEqual([])
    },
    idleMs(90_000),
  )
})

describe('hostile Wallet Standard registrations', () => {
  it(
    'a script-laden icon, markup in the name, missing features and a duplicate stay inert; the modal stays usable',
    async () => {
      const context = await newContext()
      await context.addInitScript(() => {
        const chains = ['solana:39qe1cz4gXeMoGPhjw1bY97rM47dDoCC'] as const
        const feature = (name: string) => ({
          [name]: {
            version: '1.0.0',
            signMessage: async () => [],
            signAndSendTransaction: async () => [],
            connect: async () => ({ accounts: [] }),
            on: () => () => undefined,
          },
        })
        const complete = {
          ...feature('standard:connect'),
          ...feature('standard:events'),
          ...feature('solana:signMessage'),
          ...feature('solana:signAndSendTransaction'),
        }
        const wallet = (name: string, icon: string, features: object) => ({ version: '1.0.0', name, icon, chains, features, accounts: [] })
        const hostile = [
          wallet(
            'Scripted Icon',
            'data:image/svg+xml,' + encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>'),
            complete,
          ),
          wallet('Html Icon', 'data:text/html,<script>alert(3)</script>', complete),
          wallet('Js Icon', 'javascript:alert(4)', complete),
          wallet('<img src=x onerror=alert(5)>', 'data:image/png;base64,iVBORw0KGgo=', complete),
          wallet('No Features', 'data:image/png;base64,iVBORw0KGgo=', feature('standard:connect')),
          wallet('Scripted Icon', 'data:image/png;base64,iVBORw0KGgo=', complete),
        ]
        window.addEventListener('wallet-standard:app-ready', (event) => {
          const api = (event as CustomEvent<{ register(...w: unknown[]): unknown }>).detail
          api.register(...hostile)
        })
        // A registration whose callback is not a function, and one that throws.
        window.dispatchEvent(new CustomEvent('wallet-standard:register-wallet', { detail: 'not a function' }))
        window.dispatchEvent(
          new CustomEvent('wallet-standard:register-wallet', {
            detail: () => {
              throw new Error('hostile')
            },
          }),
        )
      })
      const page = await openDemo(context, '?namespaces=solana')
      await page.getByRole('button', { name: 'Connect wallet', exact: true }).click()
      await dialog(page).getByRole('button', { name: 'Scripted Icon' }).waitFor()
      const solanaNames = await state<string[]>(page, `(s) => s.connectors.allConnectors.filter((c) => c.chain === 'solana').map((c) => c.name)`)
      expect(solanaNames.filter((n) => n === 'Scripted Icon')).toHaveLength(1)
      expect(solanaNames).not.toContain('No Features')
      expect(solanaNames).toContain('Demo Wallet')
      // Markup in a name is text, never parsed.
      await dialog(page).getByText('<img src=x onerror=alert(5)>').waitFor()
      const imageSources = await page.evaluate(() =>
        Array.from(document.querySelector('airlock-modal')!.shadowRoot!.querySelectorAll('img')).map((img) => img.getAttribute('src') ?? ''),
      )
      expect(imageSources.every((src) => src.startsWith('data:image/') || src.startsWith('https:') || src.startsWith('http://127.0.0.1'))).toBe(true)
      expect(imageSources.some((src) => src.startsWith('javascript:') || src.startsWith('data:text'))).toBe(false)
      // Still usable: the Demo Wallet connects on Solana.
      await dialog(page).getByRole('button', { name: 'Demo Wallet' }).click()
      await page.waitForFunction(() => window.airlock.getState().connection.connectedNamespaces.includes('solana'))
      expect(problems).toEqual([])
    },
    idleMs(60_000),
  )
})
