// The convert paths of SPEC §7 (/v1/convert/*) over a Uniswap V2 deployment on a served EVM chain
// (services/chain/uniswap.mjs): the tokens that have a pool, quotes from the router's
// getAmountsOut, the allowance given to the router, the chain's gas price, and the approval and
// swap transactions built for the visitor's wallet to send. Every query and body field is checked;
// a bad one is a 400 naming it, a chain that is not the deployment's a 400 too (the product refuses
// those before asking: SPEC §5).
//
// Choices the SPEC leaves open:
// - build-approve approves exactly `amount` when the query gives one (what a careful visitor
//   wants: the router can take no more than this swap), else the most there is (maxUint256), as
//   the hosted API does when it is given no amount.
// - build-transaction's slippage is in percent (SPEC §9's default 1 means 1%): amountOutMin is the
//   quote less that share, rounded down; the deadline is 20 minutes after the later of the chain's
//   latest block and now. Its gas is estimated from the visitor's address (a swap that would
//   revert, such as one whose allowance is short, is a 400 with the reason) unless disableEstimate,
//   when a typical figure for the route stands in.
// - A token-to-token swap goes through the pair of the two when there is one, else through WETH.
import { BaseError, ContractFunctionRevertedError, createPublicClient, encodeFunctionData, getAddress, http, maxUint256, parseAbi, zeroAddress } from 'viem'
import { UpstreamError, badRequest, isTransportError, shortMessage } from './errors.mjs'

/** What the API writes for the native currency where a token address is expected. */
const NATIVE_ADDRESS = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'
const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/
const CAIP2 = /^eip155:(\d{1,18})$/
const CAIP10 = /^(eip155:\d{1,18}):(0x[0-9a-fA-F]{40})$/
const WHOLE = /^\d{1,78}$/
const DECIMAL = /^\d{1,3}(\.\d{1,4})?$/
/** The most slippage a swap may be built with, in percent. */
export const MAX_SLIPPAGE_PERCENT = 50
const DEADLINE_S = 20 * 60
/** Gas estimates are raised by this share (in percent) so a small change of state before mining does not run out. */
const GAS_MARGIN_PERCENT = 20
/**
 * What a swap may need per pair beyond its estimate: a Uniswap V2 pair's first swap in a block of a
 * later second than its last one writes its two price accumulators (two fresh storage slots the
 * first time, 2 × 22,100 gas), and an estimate in a block of the same second as the pair's last
 * swap counts neither. anvil mines the blocks of one second with one timestamp, so a swap on the
 * demo's ADT/ETH pool estimated in the second of the pool's creation (115,846 gas, limit 139,016)
 * and mined a second later ran out of gas; estimated a second later it is 161,170. Once in a CI run,
 * services/blockchain/convert.test.ts's ETH → ADT swap reverted so; its last test makes that case.
 */
const PRICE_ACCUMULATORS_GAS = 46_000n
/** Typical gas of a route when it is not estimated (disableEstimate), per hop and for the call. */
const TYPICAL_GAS = { base: 90_000n, perHop: 60_000n }

const ROUTER_ABI = parseAbi([
  'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[] amounts)',
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)',
  'function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
])
const FACTORY_ABI = parseAbi(['function getPair(address tokenA, address tokenB) view returns (address pair)'])
const ERC20_ABI = parseAbi([
  'function allowance(address owner, address spender) view returns (uint256)',
  'function approve(address spender, uint256 value) returns (bool)',
])

const clip = (value) => String(value).slice(0, 80)

/**
 * The convert routes for `startBlockchainApi`'s route table.
 *
 * ```js
 * convertRoutes({ swap: { chainId: 31337, factory, router, weth }, evm, tokens, priceOf, iconFor }) // [{ method, pattern, run }]
 * ```
 */
export function convertRoutes({ swap, evm = [], tokens = [], iconFor = () => '' }) {
  const chain = evm.find((c) => c.chainId === swap?.chainId)
  if (!chain) throw new TypeError(`swap: chain ${swap?.chainId} is not among the served EVM chains`)
  for (const key of ['factory', 'router', 'weth']) if (!EVM_ADDRESS.test(swap[key] ?? '')) throw new TypeError(`swap: ${key} is not an address`)
  const caip2 = `eip155:${swap.chainId}`
  const router = getAddress(swap.router)
  const weth = getAddress(swap.weth)
  const native = { name: 'Ether', symbol: 'ETH', decimals: 18, ...chain.nativeCurrency }
  const listed = tokens.filter((t) => t.chain === caip2)
  const client = createPublicClient({ transport: http(chain.rpcUrl, { batch: { batchSize: 100 }, retryCount: 1, timeout: 10_000 }) })

  /** A failure of the chain: a contract's revert is the request's fault (400), anything else the node's (502). */
  const chainFailure = (what) => (error) => {
    if (error instanceof BaseError && !isTransportError(error) && error.walk((e) => e instanceof ContractFunctionRevertedError))
      return badRequest(`${what}: ${shortMessage(error)}`)
    if (!isTransportError(error) && /revert|execution reverted/i.test(String(error?.message))) return badRequest(`${what}: ${shortMessage(error)}`)
    return new UpstreamError(caip2, error)
  }
  const read = (what, call) =>
    call().catch((error) => {
      throw chainFailure(what)(error)
    })

  // ---- input ----

  const required = (query, name) => {
    const value = query.get(name)
    if (value === null || value === '') throw badRequest(`${name} is required`)
    return value
  }
  const chainIdOf = (text, name) => {
    const m = CAIP2.exec(text) ?? /^(\d{1,18})$/.exec(text)
    if (!m) throw badRequest(`${name} is not a chain id: ${clip(text)}`)
    const id = `eip155:${m[1]}`
    if (id !== caip2) throw badRequest(`unsupported chainId: ${clip(text)} (swaps are served on ${caip2})`)
    return id
  }
  /** A CAIP-10 token on the swap chain: { caip10, token } with token null for the native currency. */
  const tokenOf = (text, name) => {
    if (typeof text !== 'string' || text === '') throw badRequest(`${name} is required`)
    const m = CAIP10.exec(text)
    if (!m) throw badRequest(`${name} is not a CAIP-10 address: ${clip(text)}`)
    if (m[1] !== caip2) throw badRequest(`unsupported chainId: ${m[1]} (swaps are served on ${caip2})`)
    const address = m[2].toLowerCase()
    return { caip10: text, token: address === NATIVE_ADDRESS ? null : getAddress(address) }
  }
  /** The visitor's address: bare, or CAIP-10 on the swap chain. */
  const userOf = (text, name = 'userAddress') => {
    if (typeof text !== 'string' || text === '') throw badRequest(`${name} is required`)
    if (EVM_ADDRESS.test(text)) return getAddress(text)
    const m = CAIP10.exec(text)
    if (!m) throw badRequest(`${name} is not an address: ${clip(text)}`)
    if (m[1] !== caip2) throw badRequest(`unsupported chainId: ${m[1]} (swaps are served on ${caip2})`)
    return getAddress(m[2])
  }
  const amountOf = (text, name = 'amount') => {
    if (typeof text !== 'string' || !WHOLE.test(text) || BigInt(text) === 0n || BigInt(text) > maxUint256)
      throw badRequest(`${name} must be a whole number of base units above 0: ${clip(text)}`)
    return BigInt(text)
  }
  const slippageOf = (value) => {
    const text = typeof value === 'number' ? String(value) : value
    if (typeof text !== 'string' || !DECIMAL.test(text) || Number(text) > MAX_SLIPPAGE_PERCENT)
      throw badRequest(`eip155.slippage must be a percentage from 0 to ${MAX_SLIPPAGE_PERCENT}: ${clip(value)}`)
    return BigInt(Math.round(Number(text) * 100)) // basis points
  }

  // ---- the pools ----

  const pairs = new Map()
  /** The pair of two tokens, or null; a pair found is remembered (pairs are never removed). */
  const pairOf = async (a, b) => {
    const key = [a, b]
      .map((x) => x.toLowerCase())
      .sort()
      .join('/')
    if (pairs.has(key)) return pairs.get(key)
    const pair = await read('reading the factory', () =>
      client.readContract({ address: swap.factory, abi: FACTORY_ABI, functionName: 'getPair', args: [a, b] }),
    )
    if (pair === zeroAddress) return null
    pairs.set(key, pair)
    return pair
  }
  /** The router's path from one token to another (null: the native currency, through WETH). */
  async function pathOf(from, to) {
    if (from.caip10.toLowerCase() === to.caip10.toLowerCase()) throw badRequest('from and to are the same token')
    const a = from.token ?? weth
    const b = to.token ?? weth
    if (await pairOf(a, b)) return [a, b]
    if (from.token && to.token && (await pairOf(a, weth)) && (await pairOf(weth, b))) return [a, weth, b]
    throw badRequest(`no pool for ${clip(from.caip10)} and ${clip(to.caip10)}`)
  }
  async function quote(amount, path) {
    const amounts = await read('the pool cannot quote this amount', () =>
      client.readContract({ address: router, abi: ROUTER_ABI, functionName: 'getAmountsOut', args: [amount, path] }),
    )
    return amounts[amounts.length - 1]
  }
  const gasPrice = () => read('reading the gas price', () => client.getGasPrice())
  async function gasOf(what, request, extra = 0n) {
    const gas = await read(what, () => client.estimateGas(request))
    return ((gas + extra) * BigInt(100 + GAS_MARGIN_PERCENT)) / 100n
  }
  async function deadline() {
    const block = await read('reading the latest block', () => client.getBlock({ blockTag: 'latest' }))
    return BigInt(Math.max(Number(block.timestamp), Math.floor(Date.now() / 1000)) + DEADLINE_S)
  }

  // ---- the routes ----

  async function tokensRoute(query) {
    chainIdOf(required(query, 'chainId'), 'chainId')
    const pooled = await Promise.all(
      listed.map(async (t) => {
        const address = getAddress(t.address)
        if (await pairOf(address, weth)) return t
        for (const other of listed) if (other !== t && (await pairOf(address, getAddress(other.address)))) return t
        return null
      }),
    )
    const entry = (t, address) => ({
      name: t.name,
      symbol: t.symbol,
      address: `${caip2}:${address}`,
      decimals: t.decimals,
      logoUri: t.iconUrl ?? iconFor(t.symbol),
    })
    return { tokens: [entry(native, NATIVE_ADDRESS), ...pooled.filter(Boolean).map((t) => entry(t, getAddress(t.address)))] }
  }

  async function quotesRoute(query) {
    const amount = amountOf(required(query, 'amount'))
    userOf(required(query, 'userAddress'))
    const from = tokenOf(required(query, 'from'), 'from')
    const to = tokenOf(required(query, 'to'), 'to')
    const gas = query.get('gasPrice')
    if (gas !== null && !WHOLE.test(gas)) throw badRequest(`gasPrice must be a whole number of wei: ${clip(gas)}`)
    const out = await quote(amount, await pathOf(from, to))
    return { quotes: [{ id: null, fromAccount: from.caip10, fromAmount: amount.toString(), toAccount: to.caip10, toAmount: out.toString() }] }
  }

  async function allowanceRoute(query) {
    const token = tokenOf(required(query, 'tokenAddress'), 'tokenAddress')
    const user = userOf(required(query, 'userAddress'))
    // The native currency is sent with the swap: it needs no allowance.
    if (!token.token) return { allowance: maxUint256.toString() }
    const allowance = await read('reading the allowance', () =>
      client.readContract({ address: token.token, abi: ERC20_ABI, functionName: 'allowance', args: [user, router] }),
    )
    return { allowance: allowance.toString() }
  }

  async function gasPriceRoute(query) {
    chainIdOf(required(query, 'chainId'), 'chainId')
    const price = await gasPrice()
    return { standard: price.toString(), fast: ((price * 12n) / 10n).toString(), instant: ((price * 15n) / 10n).toString() }
  }

  async function approveRoute(query) {
    const user = userOf(required(query, 'userAddress'))
    const from = tokenOf(required(query, 'from'), 'from')
    const to = tokenOf(required(query, 'to'), 'to')
    const amountText = query.get('amount')
    const amount = amountText === null ? maxUint256 : amountOf(amountText)
    if (!from.token) throw badRequest('the native currency needs no approval')
    await pathOf(from, to)
    const data = encodeFunctionData({ abi: ERC20_ABI, functionName: 'approve', args: [router, amount] })
    const [gas, price] = await Promise.all([gasOf('the approval would fail', { account: user, to: from.token, data }), gasPrice()])
    return { tx: { from: user, to: from.token, data, value: '0', eip155: { gas: gas.toString(), gasPrice: price.toString() } } }
  }

  async function buildRoute(body) {
    if (body === null || typeof body !== 'object' || Array.isArray(body)) throw badRequest('the body must be a JSON object')
    const amount = amountOf(body.amount)
    if (body.eip155 === null || typeof body.eip155 !== 'object') throw badRequest('eip155.slippage is required')
    const slippage = slippageOf(body.eip155.slippage)
    if (body.projectId !== undefined && typeof body.projectId !== 'string') throw badRequest('projectId must be a string')
    if (body.disableEstimate !== undefined && typeof body.disableEstimate !== 'boolean') throw badRequest('disableEstimate must be true or false')
    const from = tokenOf(body.from, 'from')
    const to = tokenOf(body.to, 'to')
    const user = userOf(body.userAddress)
    const path = await pathOf(from, to)
    const [out, until, price] = await Promise.all([quote(amount, path), deadline(), gasPrice()])
    const min = (out * (10_000n - slippage)) / 10_000n
    const value = from.token ? 0n : amount
    const data = !from.token
      ? encodeFunctionData({ abi: ROUTER_ABI, functionName: 'swapExactETHForTokens', args: [min, path, user, until] })
      : !to.token
        ? encodeFunctionData({ abi: ROUTER_ABI, functionName: 'swapExactTokensForETH', args: [amount, min, path, user, until] })
        : encodeFunctionData({ abi: ROUTER_ABI, functionName: 'swapExactTokensForTokens', args: [amount, min, path, user, until] })
    const gas = body.disableEstimate
      ? TYPICAL_GAS.base + TYPICAL_GAS.perHop * BigInt(path.length - 1)
      : await gasOf('the swap would fail', { account: user, to: router, data, value }, PRICE_ACCUMULATORS_GAS * BigInt(path.length - 1))
    return {
      tx: { from: user, to: router, data, value: value.toString(), amount: amount.toString(), eip155: { gas: gas.toString(), gasPrice: price.toString() } },
    }
  }

  return [
    { method: 'GET', pattern: /^\/v1\/convert\/tokens$/, run: (q) => tokensRoute(q) },
    { method: 'GET', pattern: /^\/v1\/convert\/quotes$/, run: (q) => quotesRoute(q) },
    { method: 'GET', pattern: /^\/v1\/convert\/allowance$/, run: (q) => allowanceRoute(q) },
    { method: 'GET', pattern: /^\/v1\/convert\/gas-price$/, run: (q) => gasPriceRoute(q) },
    { method: 'GET', pattern: /^\/v1\/convert\/build-approve$/, run: (q) => approveRoute(q) },
    { method: 'POST', pattern: /^\/v1\/convert\/build-transaction$/, run: (_q, _p, body) => buildRoute(body) },
  ]
}
