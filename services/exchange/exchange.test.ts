/**
 * The local exchange (services/exchange) behind the Blockchain API, on a real anvil (SPEC §2 "pay"):
 * the exchanges for a network, a payment session with the deposit pre-filled, its page on the
 * exchange's own origin under a strict CSP with no script, and "Pay", which sends the payment on
 * the chain from the exchange's account: the recipient's balance rises by exactly the amount and the
 * status says SUCCESS with the transaction hash; from Frozen Exchange (no funds) it says FAILED with
 * the reason and nothing moves. Every query and body is decoded: a wrong one is a 400 naming it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPublicClient, erc20Abi, http, parseEther, parseUnits, type Address } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { DEV_ACCOUNT, startAnvil, type Anvil } from '../chain/anvil.mjs'
import { deployDemoContracts, type DemoContracts } from '../chain/demoContracts.mjs'
import { startBlockchainApi, type BlockchainApiService } from '../blockchain/server.mjs'
import { DEMO_DEPLOYER } from '../accountStack.mjs'
import { LOCAL_EXCHANGE_ACCOUNT, PAGE_CSP, startExchange, type ExchangeService } from './server.mjs'
import { fundExchange } from './fund.mjs'
import { idleMs } from '../../tests/support/until'

let anvil: Anvil
let contracts: DemoContracts
let exchange: ExchangeService
let api: BlockchainApiService

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the answers' shapes are what is checked
type Json = any

const RECIPIENT = '0x000000000000000000000000000000000000cafE' as Address

async function post(path: string, body: unknown): Promise<{ status: number; body: Json }> {
  const response = await fetch(`${api.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  return { status: response.status, body: (await response.json()) as Json }
}
async function get(path: string): Promise<{ status: number; body: Json }> {
  const response = await fetch(`${api.url}${path}`)
  return { status: response.status, body: (await response.json()) as Json }
}
/** The exchange page's "Pay" button: the form it posts, from the page's origin. */
async function confirm(sessionId: string, origin = exchange.url) {
  return fetch(`${exchange.url}/pay/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
    body: new URLSearchParams({ session: sessionId }).toString(),
  })
}
const status = async (exchangeId: string, sessionId: string) => (await get(`/v1/exchanges/status?exchangeId=${exchangeId}&sessionId=${sessionId}`)).body
/** The session's status once it settled (SUCCESS or FAILED), polled as the modal polls it. */
async function settled(exchangeId: string, sessionId: string): Promise<Json> {
  const limit = Date.now() + idleMs(20_000)
  for (;;) {
    const answer = await status(exchangeId, sessionId)
    if (answer.status === 'SUCCESS' || answer.status === 'FAILED') return answer
    if (Date.now() > limit) throw new Error(`timed out: the payment is still ${answer.status}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

const reader = () => createPublicClient({ transport: http(anvil.url) })
const addOf = (address: Address) => reader().readContract({ address: contracts.tokens.add, abi: erc20Abi, functionName: 'balanceOf', args: [address] })

beforeAll(async () => {
  anvil = await startAnvil({ chainId: 31337 })
  contracts = await deployDemoContracts({ rpcUrl: anvil.url, account: DEMO_DEPLOYER, holders: [DEV_ACCOUNT.address] })
  await fundExchange({ rpcUrl: anvil.url, from: DEMO_DEPLOYER, to: LOCAL_EXCHANGE_ACCOUNT.address, tokens: [contracts.tokens.add] })
  exchange = await startExchange({ evm: { chainId: 31337, rpcUrl: anvil.url }, log: () => undefined })
  api = await startBlockchainApi({ evm: [{ chainId: 31337, rpcUrl: anvil.url }], routes: exchange.routes, log: () => undefined })
}, idleMs(60_000))

afterAll(async () => {
  await api?.stop()
  await exchange?.stop()
  await anvil?.stop()
})

describe('the local exchange', () => {
  it('pays from anvil development account 6, whose key it names', () => {
    expect(privateKeyToAccount(LOCAL_EXCHANGE_ACCOUNT.privateKey).address).toBe(LOCAL_EXCHANGE_ACCOUNT.address)
    expect(exchange.exchanges.find((e) => e.id === 'local')?.address).toBe(LOCAL_EXCHANGE_ACCOUNT.address)
  })

  it('lists its exchanges, with data: icons, for its network, and none for another', async () => {
    const answer = await get('/v1/exchanges?network=eip155:31337&asset=native')
    expect(answer.status).toBe(200)
    expect(answer.body.exchanges.map((e: Json) => [e.id, e.name])).toEqual([
      ['local', 'Local Exchange'],
      ['frozen', 'Frozen Exchange'],
    ])
    for (const e of answer.body.exchanges) expect(e.imageUrl).toMatch(/^data:image\/svg\+xml;base64,/)
    expect((await get('/v1/exchanges?network=eip155:1')).body).toEqual({ exchanges: [] })
  })

  it('refuses a query or body that does not decode, naming the field', async () => {
    expect(await get('/v1/exchanges?network=solana:abc')).toEqual({ status: 400, body: { error: expect.stringContaining('network') } })
    const good = { exchangeId: 'local', network: 'eip155:31337', asset: contracts.tokens.add, amount: '12.5', recipient: RECIPIENT }
    for (const [field, value] of [
      ['amount', '0'],
      ['amount', '-1'],
      ['amount', 12.5],
      ['recipient', '0x1234'],
      ['asset', 'ether'],
      ['exchangeId', 'a b'],
    ] as const) {
      const answer = await post('/v1/exchanges/pay-url', { ...good, [field]: value })
      expect(answer, `${field}: ${String(value)}`).toEqual({ status: 400, body: { error: expect.stringContaining(field) } })
    }
    expect((await post('/v1/exchanges/pay-url', { ...good, amount: '1.1234567' })).body.error).toBe('invalid amount: ADD has 6 decimals')
    expect((await post('/v1/exchanges/pay-url', { ...good, exchangeId: 'nope' })).body.error).toBe('unknown exchange: nope')
    expect((await post('/v1/exchanges/pay-url', { ...good, network: 'eip155:1' })).body.error).toBe('Local Exchange does not pay on eip155:1')
    expect((await post('/v1/exchanges/pay-url', { ...good, asset: RECIPIENT })).status).toBe(400)
    expect((await get('/v1/exchanges/status?exchangeId=local')).status).toBe(400)
    expect((await get('/v1/exchanges/status?exchangeId=local&sessionId=unknown')).status).toBe(404)
  })

  it(
    'opens a session whose page shows the deposit under a strict CSP, then pays exactly the amount on anvil, once',
    async () => {
      const before = await addOf(RECIPIENT)
      const { status: code, body } = await post('/v1/exchanges/pay-url', {
        exchangeId: 'local',
        network: 'eip155:31337',
        asset: contracts.tokens.add,
        amount: '12.5',
        recipient: RECIPIENT.toLowerCase(),
      })
      expect(code).toBe(200)
      expect(body.url).toBe(`${exchange.url}/pay?session=${body.sessionId}`)
      expect(await status('local', body.sessionId)).toEqual({ status: 'UNKNOWN' })
      // The session is the exchange's: another exchange's id does not reach it.
      expect((await get(`/v1/exchanges/status?exchangeId=frozen&sessionId=${body.sessionId}`)).status).toBe(404)

      const page = await fetch(body.url)
      expect(page.headers.get('content-security-policy')).toBe(PAGE_CSP)
      const html = await page.text()
      expect(html).not.toContain('<script')
      expect(html).toContain('12.5 ADD')
      expect(html).toContain(RECIPIENT)

      // A post from another origin is refused and sends nothing.
      expect((await confirm(body.sessionId, 'http://127.0.0.1:1')).status).toBe(403)
      expect(await status('local', body.sessionId)).toEqual({ status: 'UNKNOWN' })

      expect((await confirm(body.sessionId)).status).toBe(200)
      const done = await settled('local', body.sessionId)
      expect(done).toEqual({ status: 'SUCCESS', txHash: expect.stringMatching(/^0x[0-9a-f]{64}$/) })
      expect((await reader().getTransactionReceipt({ hash: done.txHash })).status).toBe('success')
      expect((await addOf(RECIPIENT)) - before).toBe(parseUnits('12.5', 6))
      // Pressing Pay again pays nothing more.
      expect((await confirm(body.sessionId)).status).toBe(200)
      expect((await addOf(RECIPIENT)) - before).toBe(parseUnits('12.5', 6))
    },
    idleMs(30_000),
  )

  it(
    'pays ether as well',
    async () => {
      const before = await reader().getBalance({ address: RECIPIENT })
      const { body } = await post('/v1/exchanges/pay-url', {
        exchangeId: 'local',
        network: 'eip155:31337',
        asset: 'native',
        amount: '0.25',
        recipient: RECIPIENT,
      })
      await confirm(body.sessionId)
      expect((await settled('local', body.sessionId)).status).toBe('SUCCESS')
      expect((await reader().getBalance({ address: RECIPIENT })) - before).toBe(parseEther('0.25'))
    },
    idleMs(30_000),
  )

  it(
    'says FAILED, with the reason, when the exchange cannot pay (Frozen Exchange holds nothing), and nothing moves',
    async () => {
      const before = await addOf(RECIPIENT)
      const { body } = await post('/v1/exchanges/pay-url', {
        exchangeId: 'frozen',
        network: 'eip155:31337',
        asset: contracts.tokens.add,
        amount: '3',
        recipient: RECIPIENT,
      })
      await confirm(body.sessionId)
      const done = await settled('frozen', body.sessionId)
      expect(done).toEqual({ status: 'FAILED', message: 'Frozen Exchange could not send the payment: insufficient funds' })
      expect(await addOf(RECIPIENT)).toBe(before)
      const page = await (await fetch(`${exchange.url}/pay?session=${body.sessionId}`)).text()
      expect(page).toContain('The payment could not be sent')
    },
    idleMs(30_000),
  )
})
