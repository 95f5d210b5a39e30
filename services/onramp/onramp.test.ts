/**
 * The local on-ramp (services/onramp) behind the Blockchain API, on a real anvil and the local SVM:
 * SPEC §7 GET /v1/onramp/options, POST /v1/onramp/quote, POST /v1/generators/onrampurl; SPEC §9
 * onramp defaults (USD and EUR; card 10.00 to 7500.00, bank 10.00 to 25000.00; fee 1-2%); the
 * widget on its own origin under a strict CSP; a buy delivers on chain exactly the quoted amount,
 * once per session; the purchases answer `history?onramp=` (SPEC §3 coinbaseTransactions).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPublicClient, erc20Abi, http, parseUnits, type Address } from 'viem'
import { Connection, Keypair, PublicKey, LAMPORTS_PER_SOL } from '@solana/web3.js'
import { getAssociatedTokenAddressSync } from '@solana/spl-token'
import { DEV_ACCOUNT, startAnvil, type Anvil } from '../chain/anvil.mjs'
import { deployDemoContracts, type DemoContracts } from '../chain/demoContracts.mjs'
import { startSolana, type LocalSolana } from '../solana/server.mjs'
import { startBlockchainApi, type BlockchainApiService } from '../blockchain/server.mjs'
import { DEMO_DEPLOYER } from '../accountStack.mjs'
import { ONRAMP_PROVIDER, SESSION_TTL_MS, WIDGET_CSP, startOnramp, type OnrampService } from './server.mjs'
import { ONRAMP_SOLANA_TREASURY } from './delivery.mjs'
import { luhnValid } from './card.mjs'
import { idleMs } from '../../tests/support/until'

let anvil: Anvil
let solana: LocalSolana
let contracts: DemoContracts
let onramp: OnrampService
let api: BlockchainApiService

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the answers' shapes are what is checked
type Json = any

const BUYER = '0x000000000000000000000000000000000000bEEF' as Address
const CARD = { name: 'Ada Lovelace', number: '4242 4242 4242 4242', expiry: '12/39', cvc: '123' }

async function post(path: string, body: unknown): Promise<{ status: number; body: Json }> {
  const response = await fetch(`${api.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  return { status: response.status, body: (await response.json()) as Json }
}
async function buy(session: string, card = CARD, origin = onramp.url) {
  const response = await fetch(`${onramp.url}/widget/buy`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ session, ...card }),
  })
  return { status: response.status, body: (await response.json()) as Json }
}
const sessionOf = (url: string) => new URL(url).searchParams.get('session')!
const options = async () => (await (await fetch(`${api.url}/v1/onramp/options`)).json()) as Json
const currency = async (id: string) => (await options()).purchaseCurrencies.find((c: { id: string }) => c.id === id)
const usd = async () => (await options()).paymentCurrencies.find((c: { id: string }) => c.id === 'USD')

beforeAll(async () => {
  ;[anvil, solana] = await Promise.all([
    startAnvil({ chainId: 31337 }),
    startSolana({ accounts: [{ address: ONRAMP_SOLANA_TREASURY.publicKey.toBase58(), lamports: 5n * BigInt(LAMPORTS_PER_SOL), tokens: 1_000_000_000n }] }),
  ])
  contracts = await deployDemoContracts({ rpcUrl: anvil.url, account: DEMO_DEPLOYER, holders: [DEV_ACCOUNT.address] })
  onramp = await startOnramp({
    evm: { chainId: 31337, rpcUrl: anvil.url, tokens: contracts.tokens, treasury: DEMO_DEPLOYER },
    solana: { caipNetworkId: solana.caipNetworkId, rpcUrl: solana.url, mint: solana.mint },
    iconUrl: (symbol) => `http://127.0.0.1/icon/${symbol}`,
  })
  api = await startBlockchainApi({
    evm: [{ chainId: 31337, rpcUrl: anvil.url }],
    solana: { caipNetworkId: solana.caipNetworkId, rpcUrl: solana.url },
    routes: onramp.routes,
    onrampHistory: onramp.onrampHistory,
    log: () => undefined,
  })
}, idleMs(60_000))

afterAll(async () => {
  await api?.stop()
  await onramp?.stop()
  await Promise.all([anvil?.stop(), solana?.stop()])
})

describe('GET /v1/onramp/options (SPEC §7, §9 onramp defaults)', () => {
  it('sells ADD, ADT and ETH on the local anvil and SOL and the SPL token on the local SVM; USD and EUR with the card and bank limits; names its provider', async () => {
    const body = await options()
    const sold = body.purchaseCurrencies.map((c: Json) => `${c.symbol}@${c.networks[0].chain_id}:${c.networks[0].contract_address}`)
    const ref = solana.caipNetworkId.split(':')[1]
    expect(sold).toEqual([`ADD@31337:${contracts.tokens.add}`, `ADT@31337:${contracts.tokens.adt}`, 'ETH@31337:', `SOL@${ref}:`, `ADS@${ref}:${solana.mint}`])
    expect(body.paymentCurrencies.map((c: Json) => c.id)).toEqual(['USD', 'EUR'])
    for (const c of body.paymentCurrencies) {
      expect(c.payment_method_limits).toEqual([
        { id: 'card', min: '10.00', max: '7500.00' },
        { id: 'bank', min: '10.00', max: '25000.00' },
      ])
    }
    expect(body.providers).toEqual([ONRAMP_PROVIDER])
  })
})

describe('POST /v1/onramp/quote (SPEC §7; §9 fee 1-2%)', () => {
  it('quotes 100 USD of ADD: a 1.9 % card fee, the network fee, the subtotal buying ADD at $1', async () => {
    const { status, body } = await post('/v1/onramp/quote', {
      purchaseCurrency: await currency('airlock-add'),
      paymentCurrency: await usd(),
      amount: '100',
      network: 'airlock-local',
    })
    expect(status).toBe(200)
    expect(body).toMatchObject({
      coinbaseFee: { amount: '1.90', currency: 'USD' },
      networkFee: { amount: '0.10', currency: 'USD' },
      paymentSubtotal: { amount: '98.00', currency: 'USD' },
      paymentTotal: { amount: '100.00', currency: 'USD' },
      purchaseAmount: { amount: '98', currency: 'ADD' },
    })
    expect(body.quoteId).toMatch(/^[0-9a-f]{24}$/)
  })

  it('keeps the fee within 1-2 % of the amount for every currency, method and amount tried', async () => {
    for (const amount of ['10', '10.01', '99.99', '1234.56', '7500']) {
      for (const paymentMethod of ['card', 'bank']) {
        for (const id of ['airlock-adt', 'eth', 'sol']) {
          const { body } = await post('/v1/onramp/quote', { purchaseCurrency: id, paymentCurrency: 'EUR', amount, paymentMethod })
          const fee = Number(body.coinbaseFee.amount) / Number(amount)
          expect(fee).toBeGreaterThanOrEqual(0.01)
          expect(fee).toBeLessThanOrEqual(0.02)
        }
      }
    }
  })

  it('prices EUR at 1.08 USD: 100 EUR of ADT at $2', async () => {
    const { body } = await post('/v1/onramp/quote', { purchaseCurrency: 'airlock-adt', paymentCurrency: 'EUR', amount: '100' })
    // (100 − 1.90 − 0.10) EUR × 1.08 / $2
    expect(body.purchaseAmount).toEqual({ amount: '52.92', currency: 'ADT' })
  })

  it('refuses amounts outside the payment method’s limits with a message naming the limit, and unknown currencies', async () => {
    const add = await currency('airlock-add')
    const below = await post('/v1/onramp/quote', { purchaseCurrency: add, paymentCurrency: 'USD', amount: '9.99', network: 'airlock-local' })
    expect(below).toEqual({ status: 400, body: { error: 'The minimum card purchase is 10.00 USD' } })
    const above = await post('/v1/onramp/quote', { purchaseCurrency: add, paymentCurrency: 'USD', amount: '7500.01' })
    expect(above).toEqual({ status: 400, body: { error: 'The maximum card purchase is 7500.00 USD' } })
    // A bank transfer goes up to 25000.00.
    expect((await post('/v1/onramp/quote', { purchaseCurrency: add, paymentCurrency: 'USD', amount: '7500.01', paymentMethod: 'bank' })).status).toBe(200)
    expect(await post('/v1/onramp/quote', { purchaseCurrency: add, paymentCurrency: 'USD', amount: '25000.01', paymentMethod: 'bank' })).toEqual({
      status: 400,
      body: { error: 'The maximum bank purchase is 25000.00 USD' },
    })
    expect(await post('/v1/onramp/quote', { purchaseCurrency: 'dogecoin', paymentCurrency: 'USD', amount: '100' })).toEqual({
      status: 400,
      body: { error: 'unknown purchase currency: dogecoin' },
    })
    expect(await post('/v1/onramp/quote', { purchaseCurrency: add, paymentCurrency: 'GBP', amount: '100' })).toEqual({
      status: 400,
      body: { error: 'unknown payment currency: GBP' },
    })
    expect((await post('/v1/onramp/quote', { purchaseCurrency: add, paymentCurrency: 'USD', amount: '1e3' })).status).toBe(400)
  })
})

describe('the buy widget and the delivery on chain', () => {
  const balanceOf = (owner: Address) =>
    createPublicClient({ transport: http(anvil.url) }).readContract({ address: contracts.tokens.add, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })

  async function session(address: string, asset: string, fiat: number, network = 'airlock-local') {
    const { status, body } = await post('/v1/generators/onrampurl', {
      destinationWallets: [{ address, blockchains: [network], assets: [asset] }],
      defaultNetwork: network,
      partnerUserId: address,
      defaultExperience: 'buy',
      presetFiatAmount: fiat,
    })
    expect(status).toBe(200)
    return body.url as string
  }

  it('answers a widget URL on the on-ramp’s own origin, served under a strict CSP with no inline script', async () => {
    await post('/v1/onramp/quote', { purchaseCurrency: 'airlock-add', paymentCurrency: 'USD', amount: '100' })
    const url = await session(BUYER, 'airlock-add', 100)
    expect(new URL(url).origin).toBe(onramp.url)
    expect(new URL(url).origin).not.toBe(new URL(api.url).origin)
    const response = await fetch(url)
    expect(response.headers.get('content-security-policy')).toBe(WIDGET_CSP)
    expect(WIDGET_CSP).toContain("script-src 'self'")
    expect(WIDGET_CSP).not.toContain('unsafe-inline')
    const html = await response.text()
    expect(html).toContain('<script src="/widget.js" defer></script>')
    expect(html).not.toMatch(/<script>|<style|\sstyle=|\son[a-z]+=/)
    expect(html).toContain('98 ADD')
    expect(html).toContain(BUYER)
    expect((await fetch(`${onramp.url}/widget?session=nope`)).status).toBe(404)
  })

  it('refuses a bad card (Luhn, expiry, CVC) and a post from another origin', async () => {
    expect(luhnValid('4242 4242 4242 4242')).toBe(true)
    expect(luhnValid('4242 4242 4242 4241')).toBe(false)
    const id = sessionOf(await session(BUYER, 'airlock-add', 20))
    expect(await buy(id, { ...CARD, number: '4242 4242 4242 4241' })).toEqual({ status: 400, body: { error: 'The card number is not valid', field: 'number' } })
    expect(await buy(id, { ...CARD, expiry: '01/20' })).toEqual({ status: 400, body: { error: 'The card has expired', field: 'expiry' } })
    expect(await buy(id, { ...CARD, cvc: '12' })).toEqual({ status: 400, body: { error: 'The CVC is 3 or 4 digits', field: 'cvc' } })
    expect((await buy(id, CARD, 'http://127.0.0.1:1')).status).toBe(403)
  })

  it('delivers exactly the quoted ADD on anvil, once per session; the purchase is in history?onramp=', async () => {
    const quoted = await post('/v1/onramp/quote', { purchaseCurrency: 'airlock-add', paymentCurrency: 'USD', amount: '100' })
    const before = await balanceOf(BUYER)
    const id = sessionOf(await session(BUYER, 'airlock-add', 100))
    const first = await buy(id)
    expect(first.status).toBe(200)
    expect(first.body.transaction).toMatch(/^0x[0-9a-f]{64}$/)
    expect((await balanceOf(BUYER)) - before).toBe(parseUnits(quoted.body.purchaseAmount.amount, 6))
    // The session was used: a second Buy is refused and nothing more moves.
    expect(await buy(id)).toEqual({ status: 409, body: { error: 'This purchase link was already used' } })
    expect((await balanceOf(BUYER)) - before).toBe(parseUnits('98', 6))
    // Reloading the widget shows the purchase complete.
    expect(await (await fetch(`${onramp.url}/widget?session=${id}`)).text()).toContain('Purchase complete')

    const history = (await (await fetch(`${api.url}/v1/account/${BUYER}/history?onramp=${ONRAMP_PROVIDER}`)).json()) as Json
    expect(history.next).toBeNull()
    expect(history.data).toHaveLength(1)
    expect(history.data[0]).toMatchObject({
      id: first.body.transaction,
      metadata: { operationType: 'buy', status: 'confirmed', chain: 'eip155:31337', sentTo: BUYER, sentFrom: DEMO_DEPLOYER.address },
      transfers: [{ fungible_info: { symbol: 'ADD', icon: { url: 'http://127.0.0.1/icon/ADD' } }, quantity: { numeric: '98' } }],
    })
    expect(Date.parse(history.data[0].metadata.minedAt)).not.toBeNaN()
    // Another provider, or another address, has none of it.
    expect((await (await fetch(`${api.url}/v1/account/${BUYER}/history?onramp=other`)).json()).data).toEqual([])
    expect((await (await fetch(`${api.url}/v1/account/${DEMO_DEPLOYER.address}/history?onramp=${ONRAMP_PROVIDER}`)).json()).data).toEqual([])
  })

  it(
    'delivers SOL and the SPL token on the local SVM',
    async () => {
      const buyer = Keypair.generate().publicKey
      const connection = new Connection(solana.url, 'confirmed')
      const sol = await post('/v1/onramp/quote', { purchaseCurrency: 'sol', paymentCurrency: 'USD', amount: '30' })
      const solId = sessionOf(await session(buyer.toBase58(), 'sol', 30, 'solana-local'))
      const paid = await buy(solId)
      expect(paid.status).toBe(200)
      expect(BigInt(await connection.getBalance(buyer))).toBe(BigInt(Math.round(Number(sol.body.purchaseAmount.amount) * LAMPORTS_PER_SOL)))

      const ads = await post('/v1/onramp/quote', { purchaseCurrency: 'airlock-ads', paymentCurrency: 'EUR', amount: '50' })
      const adsId = sessionOf(await session(buyer.toBase58(), 'airlock-ads', 50, 'solana-local'))
      expect((await buy(adsId)).status).toBe(200)
      const account = await connection.getTokenAccountBalance(getAssociatedTokenAddressSync(new PublicKey(solana.mint), buyer))
      expect(account.value.uiAmountString).toBe(ads.body.purchaseAmount.amount)
      const history = (await (await fetch(`${api.url}/v1/account/${buyer.toBase58()}/history?onramp=${ONRAMP_PROVIDER}`)).json()) as Json
      expect(history.data.map((i: Json) => i.transfers[0].fungible_info.symbol)).toEqual(['ADS', 'SOL'])
    },
    idleMs(30_000),
  )

  it('a session’s link stops working after SESSION_TTL_MS', async () => {
    let now = 1_000_000
    const clocked = await startOnramp({ evm: { chainId: 31337, rpcUrl: anvil.url, tokens: contracts.tokens, treasury: DEMO_DEPLOYER }, now: () => now })
    try {
      const generate = clocked.routes.find((r) => r.pattern.test('/v1/generators/onrampurl'))!
      const { url } = generate.run(new URLSearchParams(), [], {
        destinationWallets: [{ address: BUYER, assets: ['airlock-add'] }],
        partnerUserId: BUYER,
        presetFiatAmount: 50,
      }) as { url: string }
      expect((await fetch(url)).status).toBe(200)
      now += SESSION_TTL_MS + 1
      expect((await fetch(url)).status).toBe(404)
      const response = await fetch(`${clocked.url}/widget/buy`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: clocked.url },
        body: JSON.stringify({ session: sessionOf(url), ...CARD }),
      })
      expect(await response.json()).toEqual({ error: 'This purchase link is unknown or has expired' })
    } finally {
      await clocked.stop()
    }
  })
})
