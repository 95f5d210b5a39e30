/**
 * The convert paths of the self-hosted Blockchain API (SPEC §7 /v1/convert/*) over Uniswap V2 on a
 * real anvil, started as the demo starts it (startAccountServices: the demo's pools ADT/ETH,
 * ADD/ETH, ADT/ADD). Answers go through the product's client and its codecs; transactions the API
 * builds are sent from the holder's key and move balances by the quote within the slippage; bad
 * input and an unsupported chain answer 400 with a reason.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  erc20Abi,
  http,
  maxUint256,
  parseEther,
  parseUnits,
  type Address,
  type Hex,
  type PublicClient,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { DEV_ACCOUNT, startAnvil, type Anvil } from '../chain/anvil.mjs'
import { ROUTER_ABI } from '../chain/uniswap.mjs'
import { startAccountServices, type AccountServices } from '../accountStack.mjs'
import { createBlockchainApi } from '../../src/remote/blockchain/client'
import {
  buildConvertApprove,
  buildConvertTransaction,
  convertAllowance,
  convertGasPrice,
  convertQuotes,
  convertTokens,
  type ConvertTransaction,
} from '../../src/plugins/swap/api'
import type { BlockchainApi } from '../../src/ports/blockchainApi'
import { idleMs } from '../../tests/support/until'

const CHAIN_ID = 31337
const CHAIN = `eip155:${CHAIN_ID}`
const NATIVE = `${CHAIN}:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee`
const HOLDER = privateKeyToAccount(DEV_ACCOUNT.privateKey)

let anvil: Anvil
let stack: AccountServices
let api: BlockchainApi
let client: PublicClient
let ADT: string
let ADD: string
let USDT: string

async function get(path: string) {
  const response = await fetch(`${stack.apiUrl}${path}`)
  return { status: response.status, body: (await response.json()) as { error?: string } }
}
async function post(path: string, body: unknown) {
  const response = await fetch(`${stack.apiUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  return { status: response.status, body: (await response.json()) as { error?: string } }
}

const wallet = () => createWalletClient({ account: HOLDER, chain: foundry, transport: http(anvil.url), pollingInterval: 20 })
/** Sends what the API built from the holder's key; resolves to the receipt. */
async function sendBuilt(tx: ConvertTransaction) {
  expect(tx.from.toLowerCase()).toBe(HOLDER.address.toLowerCase())
  const hash = await wallet().sendTransaction({
    to: tx.to as Address,
    data: tx.data as Hex,
    value: BigInt(tx.value ?? '0'),
    ...(tx.eip155 && { gas: BigInt(tx.eip155.gas) }),
  })
  const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 20 })
  expect(receipt.status).toBe('success')
  return receipt
}
const tokenBalance = (caip10: string) =>
  client.readContract({ address: caip10.split(':')[2] as Address, abi: erc20Abi, functionName: 'balanceOf', args: [HOLDER.address] })

beforeAll(async () => {
  anvil = await startAnvil({ chainId: CHAIN_ID })
  stack = await startAccountServices({ chain: { chainId: CHAIN_ID, rpcUrl: anvil.url }, history: 2, log: () => undefined })
  api = createBlockchainApi({ baseUrl: stack.apiUrl, projectId: 'p', sdkType: 'airlock', sdkVersion: 'test', fetch })
  client = createPublicClient({ transport: http(anvil.url), pollingInterval: 20 })
  ADT = `${CHAIN}:${stack.contracts.tokens.adt}`
  ADD = `${CHAIN}:${stack.contracts.tokens.add}`
  USDT = `${CHAIN}:${stack.contracts.tokens.usdt}`
}, idleMs(60_000))

afterAll(async () => {
  await stack?.stop()
  await anvil?.stop()
})

describe('GET /v1/convert/tokens (SPEC §7)', () => {
  it('lists the native currency (0xeee…) and the tokens that have a pool, as CAIP-10, with icons; not USDT-L, which has none', async () => {
    const { tokens } = await convertTokens(api, { chainId: CHAIN })
    expect(tokens.map((t) => [t.symbol, t.address, t.decimals])).toEqual([
      ['ETH', NATIVE, 18],
      ['ADT', ADT, 18],
      ['ADD', ADD, 6],
    ])
    expect(tokens.map((t) => t.address)).not.toContain(USDT)
    for (const t of tokens) expect(t.logoUri).toBe(`${stack.apiUrl}/v1/token-icon/${t.symbol}`)
    // A bare chain id is read as eip155.
    expect((await get(`/v1/convert/tokens?chainId=${CHAIN_ID}`)).status).toBe(200)
  })
})

describe('GET /v1/convert/quotes (SPEC §7)', () => {
  it('quotes what the router’s getAmountsOut gives, priced as the API prices the tokens', async () => {
    const amount = parseUnits('10', 18)
    const { quotes } = await convertQuotes(api, { amount: amount.toString(), userAddress: HOLDER.address, from: ADT, to: NATIVE })
    const [, out] = (await client.readContract({
      address: stack.swap.router,
      abi: ROUTER_ABI,
      functionName: 'getAmountsOut',
      args: [amount, [stack.contracts.tokens.adt, stack.swap.weth]],
    })) as readonly bigint[]
    expect(quotes).toEqual([{ id: null, fromAccount: ADT, fromAmount: amount.toString(), toAccount: NATIVE, toAmount: out!.toString() }])
    // 10 ADT ($20) is about 1/150 ETH at $3000, less the 0.3% fee.
    expect(Number(out) / 1e18).toBeGreaterThan((20 / 3000) * 0.99)
    expect(Number(out) / 1e18).toBeLessThan(20 / 3000)
  })

  it('quotes token to token through their own pool', async () => {
    const { quotes } = await convertQuotes(api, { amount: parseUnits('5', 18).toString(), userAddress: HOLDER.address, from: ADT, to: ADD })
    expect(Number(quotes[0]!.toAmount) / 1e6).toBeGreaterThan(10 * 0.99)
    expect(Number(quotes[0]!.toAmount) / 1e6).toBeLessThan(10)
  })
})

describe('GET /v1/convert/gas-price (SPEC §7)', () => {
  it('answers standard ≤ fast ≤ instant in wei, standard the chain’s own gas price', async () => {
    const prices = await convertGasPrice(api, { chainId: CHAIN })
    const chainPrice = await client.getGasPrice()
    expect(BigInt(prices.standard)).toBe(chainPrice)
    expect(BigInt(prices.fast)).toBeGreaterThanOrEqual(BigInt(prices.standard))
    expect(BigInt(prices.instant)).toBeGreaterThanOrEqual(BigInt(prices.fast))
  })
})

describe('swapping with what the API builds (SPEC §7 build-approve, allowance, build-transaction)', () => {
  it('swaps ETH for ADT: the ADT received is the quote, within the 1% slippage (SPEC §9)', async () => {
    const amount = parseEther('0.1')
    const { quotes } = await convertQuotes(api, { amount: amount.toString(), userAddress: HOLDER.address, from: NATIVE, to: ADT })
    const quoted = BigInt(quotes[0]!.toAmount)
    const { tx } = await buildConvertTransaction(api, {
      amount: amount.toString(),
      slippage: 1,
      from: NATIVE,
      to: ADT,
      userAddress: `${CHAIN}:${HOLDER.address}`,
    })
    expect(tx.to).toBe(stack.swap.router)
    expect(tx.value).toBe(amount.toString())
    expect(BigInt(tx.eip155!.gas)).toBeGreaterThan(21_000n)
    const [adtBefore, ethBefore] = await Promise.all([tokenBalance(ADT), client.getBalance({ address: HOLDER.address })])
    const receipt = await sendBuilt(tx)
    const received = (await tokenBalance(ADT)) - adtBefore
    expect(received).toBeGreaterThanOrEqual((quoted * 99n) / 100n)
    expect(received).toBeLessThanOrEqual(quoted)
    expect(ethBefore - (await client.getBalance({ address: HOLDER.address }))).toBe(amount + receipt.gasUsed * receipt.effectiveGasPrice)
  })

  it('swaps ADT for ETH after an approval: allowance 0, build-approve, allowance enough, then the swap moves both by the quote', async () => {
    const amount = parseUnits('10', 18)
    const allowance = async () => BigInt((await convertAllowance(api, { tokenAddress: ADT, userAddress: HOLDER.address })).allowance)
    expect(await allowance()).toBe(0n)
    // Without the allowance the swap cannot be estimated: a 400 with the router's reason.
    const refused = await post('/v1/convert/build-transaction', {
      amount: amount.toString(),
      eip155: { slippage: '1' },
      projectId: 'p',
      from: ADT,
      to: NATIVE,
      userAddress: HOLDER.address,
      disableEstimate: false,
    })
    expect(refused.status).toBe(400)
    expect(refused.body.error).toMatch(/^the swap would fail: /)
    // … unless the estimate is skipped: a typical gas stands in.
    const unestimated = await buildConvertTransaction(api, {
      amount: amount.toString(),
      slippage: 1,
      from: ADT,
      to: NATIVE,
      userAddress: HOLDER.address,
      disableEstimate: true,
    })
    expect(BigInt(unestimated.tx.eip155!.gas)).toBeGreaterThan(100_000n)

    const approve = await buildConvertApprove(api, { userAddress: HOLDER.address, from: ADT, to: NATIVE })
    expect(approve.tx.to).toBe(stack.contracts.tokens.adt)
    await sendBuilt(approve.tx)
    expect(await allowance()).toBe(maxUint256)

    const { quotes } = await convertQuotes(api, { amount: amount.toString(), userAddress: HOLDER.address, from: ADT, to: NATIVE })
    const quoted = BigInt(quotes[0]!.toAmount)
    const { tx } = await buildConvertTransaction(api, { amount: amount.toString(), slippage: '1', from: ADT, to: NATIVE, userAddress: HOLDER.address })
    expect(tx.value).toBe('0')
    const [adtBefore, ethBefore] = await Promise.all([tokenBalance(ADT), client.getBalance({ address: HOLDER.address })])
    const receipt = await sendBuilt(tx)
    expect(adtBefore - (await tokenBalance(ADT))).toBe(amount)
    const received = (await client.getBalance({ address: HOLDER.address })) - ethBefore + receipt.gasUsed * receipt.effectiveGasPrice
    expect(received).toBeGreaterThanOrEqual((quoted * 99n) / 100n)
    expect(received).toBeLessThanOrEqual(quoted)
  })

  it('approves exactly `amount` when build-approve is given one, and the native currency needs no allowance', async () => {
    const amount = parseUnits('3', 6)
    const { status, body } = await get(`/v1/convert/build-approve?userAddress=${HOLDER.address}&from=${ADD}&to=${ADT}&amount=${amount}`)
    expect(status).toBe(200)
    await sendBuilt((body as unknown as { tx: ConvertTransaction }).tx)
    expect((await convertAllowance(api, { tokenAddress: ADD, userAddress: HOLDER.address })).allowance).toBe(amount.toString())
    expect((await convertAllowance(api, { tokenAddress: NATIVE, userAddress: HOLDER.address })).allowance).toBe(maxUint256.toString())
  })

  it('a swap whose price moves past the slippage reverts on chain instead of filling worse (amountOutMin)', async () => {
    const amount = parseEther('0.05')
    const { tx } = await buildConvertTransaction(api, {
      amount: amount.toString(),
      slippage: 0,
      from: NATIVE,
      to: ADD,
      userAddress: HOLDER.address,
      disableEstimate: true,
    })
    // Someone else buys ADD first: the price moves against the built swap.
    const other = await buildConvertTransaction(api, { amount: parseEther('1').toString(), slippage: 1, from: NATIVE, to: ADD, userAddress: HOLDER.address })
    await sendBuilt(other.tx)
    const hash = await wallet().sendTransaction({ to: tx.to as Address, data: tx.data as Hex, value: BigInt(tx.value!), gas: 300_000n })
    expect((await client.waitForTransactionReceipt({ hash, pollingInterval: 20 })).status).toBe('reverted')
  })
})

describe('bad input answers 400 with a reason (SPEC §7)', () => {
  const user = HOLDER.address
  it.each([
    ['/v1/convert/tokens', /^chainId is required$/],
    ['/v1/convert/tokens?chainId=eip155:1', /^unsupported chainId: eip155:1/],
    ['/v1/convert/tokens?chainId=solana:abc', /^chainId is not a chain id/],
    ['/v1/convert/gas-price?chainId=eip155:1', /^unsupported chainId: eip155:1/],
    [`/v1/convert/quotes?userAddress=${user}&from=FROM&to=TO`, /^amount is required$/],
    [`/v1/convert/quotes?amount=1.5&userAddress=${user}&from=FROM&to=TO`, /^amount must be a whole number of base units above 0/],
    [`/v1/convert/quotes?amount=0&userAddress=${user}&from=FROM&to=TO`, /^amount must be a whole number/],
    ['/v1/convert/quotes?amount=1&userAddress=0x12&from=FROM&to=TO', /^userAddress is not an address/],
    [`/v1/convert/quotes?amount=1&userAddress=${user}&from=0xabc&to=TO`, /^from is not a CAIP-10 address/],
    [`/v1/convert/quotes?amount=1&userAddress=${user}&from=eip155:1:${user}&to=TO`, /^unsupported chainId: eip155:1/],
    [`/v1/convert/quotes?amount=1&userAddress=${user}&from=FROM&to=FROM`, /^from and to are the same token$/],
    [`/v1/convert/quotes?amount=1&userAddress=${user}&from=FROM&to=USDT`, /^no pool for /],
    [`/v1/convert/quotes?amount=1&userAddress=${user}&from=FROM&to=TO&gasPrice=fast`, /^gasPrice must be a whole number/],
    [`/v1/convert/allowance?userAddress=${user}`, /^tokenAddress is required$/],
    [`/v1/convert/build-approve?userAddress=${user}&from=NATIVE&to=FROM`, /^the native currency needs no approval$/],
    [`/v1/convert/build-approve?userAddress=${user}&from=FROM&to=TO&amount=-1`, /^amount must be a whole number/],
  ])('GET %s', async (path, reason) => {
    const filled = path.replace('FROM', ADT).replace(/=FROM/, `=${ADT}`).replace('TO', ADD).replace('USDT', USDT).replace('NATIVE', NATIVE)
    const { status, body } = await get(filled.replaceAll('FROM', ADT))
    expect(status).toBe(400)
    expect(body.error).toMatch(reason)
  })

  it.each([
    ['not an object', [], /^the body must be a JSON object$/],
    ['no slippage', { amount: '1', from: 'ADT', to: 'ADD', userAddress: 'U' }, /^eip155.slippage is required$/],
    ['slippage over 50%', { amount: '1', eip155: { slippage: '51' }, from: 'ADT', to: 'ADD', userAddress: 'U' }, /^eip155.slippage must be a percentage/],
    ['slippage not a number', { amount: '1', eip155: { slippage: 'lots' }, from: 'ADT', to: 'ADD', userAddress: 'U' }, /^eip155.slippage must be a percentage/],
    ['amount a number', { amount: 1, eip155: { slippage: '1' }, from: 'ADT', to: 'ADD', userAddress: 'U' }, /^amount must be a whole number/],
    [
      'disableEstimate a string',
      { amount: '1', eip155: { slippage: '1' }, from: 'ADT', to: 'ADD', userAddress: 'U', disableEstimate: 'yes' },
      /^disableEstimate/,
    ],
    ['no userAddress', { amount: '1', eip155: { slippage: '1' }, from: 'ADT', to: 'ADD' }, /^userAddress is required$/],
    [
      'another chain',
      { amount: '1', eip155: { slippage: '1' }, from: `eip155:1:${HOLDER.address}`, to: 'ADD', userAddress: 'U' },
      /^unsupported chainId: eip155:1/,
    ],
  ])('POST /v1/convert/build-transaction: %s', async (_name, body, reason) => {
    const filled = JSON.parse(
      JSON.stringify(body).replaceAll('"ADT"', JSON.stringify(ADT)).replaceAll('"ADD"', JSON.stringify(ADD)).replaceAll('"U"', JSON.stringify(HOLDER.address)),
    )
    const answer = await post('/v1/convert/build-transaction', filled)
    expect(answer.status).toBe(400)
    expect(answer.body.error).toMatch(reason)
  })
})

describe('the gas of a swap estimated in the same second as its pair’s last trade', () => {
  /** anvil's own methods (block times), which viem's clients do not type. */
  const anvilRpc = async (method: string, params: unknown[]) => {
    const response = await fetch(anvil.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    })
    const answer = (await response.json()) as { error?: { message: string } }
    if (answer.error) throw new Error(`${method}: ${answer.error.message}`)
  }

  it('still has the gas when mined a second later, as the pair first writes its price accumulators (anvil mines a second’s blocks with one timestamp)', async () => {
    // A new pair, USDT-L/WETH, created by the holder's liquidity in a block of time T: its price
    // accumulators are empty. Every block stays at T while the swap is built, so the API estimates
    // it at T, when the pair writes no accumulators; the swap is then mined at T + 1, when it does.
    const usdt = stack.contracts.tokens.usdt as Address
    const liquidity = parseUnits('1000', 6)
    await sendBuilt({
      from: HOLDER.address,
      to: usdt,
      data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [stack.swap.router as Address, liquidity] }),
      value: '0',
    })
    await anvilRpc('anvil_setBlockTimestampInterval', [0])
    try {
      const latest = await client.getBlock({ blockTag: 'latest' })
      const hash = await wallet().writeContract({
        address: stack.swap.router as Address,
        abi: ROUTER_ABI,
        functionName: 'addLiquidityETH',
        args: [usdt, liquidity, 0n, 0n, HOLDER.address, latest.timestamp + 3600n],
        value: parseEther('1'),
      })
      const created = await client.waitForTransactionReceipt({ hash, pollingInterval: 20 })
      expect(created.status).toBe('success')
      const { timestamp } = await client.getBlock({ blockNumber: created.blockNumber })
      const { tx } = await buildConvertTransaction(api, {
        amount: parseEther('0.01').toString(),
        slippage: 1,
        from: NATIVE,
        to: USDT,
        userAddress: `${CHAIN}:${HOLDER.address}`,
      })
      await anvilRpc('anvil_removeBlockTimestampInterval', [])
      await anvilRpc('evm_setNextBlockTimestamp', [Number(timestamp) + 1])
      const swapped = await sendBuilt(tx)
      expect((await client.getBlock({ blockNumber: swapped.blockNumber })).timestamp).toBe(timestamp + 1n)
    } finally {
      await anvilRpc('anvil_removeBlockTimestampInterval', [])
    }
  })
})
