// Uniswap V2 on a local chain, for the swap's back end (services/blockchain/convert.mjs): WETH9,
// the factory and Router02 deployed from the npm packages' build artifacts (@uniswap/v2-core,
// @uniswap/v2-periphery), then pools seeded with liquidity so they price tokens as the caller asks.
//
// Speed, as deployDemoContracts: every transaction is signed here with an explicit nonce, gas limit
// and fees and sent raw without waiting; the receipts are checked once at the end.
//
// The router finds a pair by CREATE2 with an init code hash compiled into it (UniswapV2Library's
// pairFor); deployUniswap checks that hash against the pair bytecode the factory deploys, so a
// mismatched build fails here and not as a swap that reverts.
import { createRequire } from 'node:module'
import {
  createPublicClient,
  encodeDeployData,
  encodeFunctionData,
  getAddress,
  getContractAddress,
  http,
  isAddressEqual,
  keccak256,
  maxUint256,
  parseAbi,
  parseEther,
  parseUnits,
  zeroAddress,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { minedReceipts } from './demoContracts.mjs'

const require = createRequire(import.meta.url)

/** The init code hash compiled into UniswapV2Router02 (UniswapV2Library.pairFor). */
export const ROUTER_INIT_CODE_HASH = '0x96e8ac4277198ff8b6f785478aa9a39f403cb768dd02cbee326c3e7da348845f'

/** The build artifacts: { abi, bytecode } (bytecode with its 0x). */
export function uniswapArtifacts() {
  const read = (path) => {
    const json = require(path)
    return { abi: json.abi, bytecode: `0x${json.bytecode.replace(/^0x/, '')}` }
  }
  return {
    factory: read('@uniswap/v2-core/build/UniswapV2Factory.json'),
    pair: read('@uniswap/v2-core/build/UniswapV2Pair.json'),
    weth: read('@uniswap/v2-periphery/build/WETH9.json'),
    router: read('@uniswap/v2-periphery/build/UniswapV2Router02.json'),
  }
}

/** What the deployment and the routes call: the router, the factory and a pair. */
export const ROUTER_ABI = parseAbi([
  'function factory() view returns (address)',
  'function WETH() view returns (address)',
  'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[] amounts)',
  'function addLiquidity(address tokenA, address tokenB, uint256 amountADesired, uint256 amountBDesired, uint256 amountAMin, uint256 amountBMin, address to, uint256 deadline) returns (uint256 amountA, uint256 amountB, uint256 liquidity)',
  'function addLiquidityETH(address token, uint256 amountTokenDesired, uint256 amountTokenMin, uint256 amountETHMin, address to, uint256 deadline) payable returns (uint256 amountToken, uint256 amountETH, uint256 liquidity)',
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)',
  'function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
])
export const FACTORY_ABI = parseAbi([
  'function getPair(address tokenA, address tokenB) view returns (address pair)',
  'function allPairsLength() view returns (uint256)',
])
export const PAIR_ABI = parseAbi([
  'function getReserves() view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast)',
  'function token0() view returns (address)',
  'function token1() view returns (address)',
])
const APPROVE_ABI = parseAbi(['function approve(address spender, uint256 value) returns (bool)'])

/** 'ETH' (the native currency, through WETH) or a token's address. */
export const NATIVE = 'ETH'

/**
 * The demo's pools, priced as the Blockchain API's DEFAULT_PRICES (ETH $3000, ADT $2, ADD $1) and
 * deep enough that a 1-100 token swap moves the price by well under 0.1% (the 0.3% fee aside):
 * ADT/ETH 150,000 : 100, ADD/ETH 300,000 : 100, ADT/ADD 100,000 : 200,000.
 */
export function demoPools({ adt, add }) {
  return [
    { a: adt, b: NATIVE, amountA: parseUnits('150000', 18), amountB: parseEther('100') },
    { a: add, b: NATIVE, amountA: parseUnits('300000', 6), amountB: parseEther('100') },
    { a: adt, b: add, amountA: parseUnits('100000', 18), amountB: parseUnits('200000', 6) },
  ]
}

// Gas limits, well above what each uses (only the gas used is paid).
const GAS = { deploy: 6_000_000n, approve: 100_000n, addLiquidity: 4_500_000n }
/** Liquidity is added with a deadline this far after the latest block (or now, whichever is later). */
const DEADLINE_S = 3600

/**
 * Deploys WETH9, the factory (fee setter: the deployer) and Router02 from `account`, then adds each
 * pool's liquidity through the router (creating the pair): `{ a, b, amountA, amountB }` in base
 * units, `a`/`b` a token address or NATIVE. The deployer must hold the tokens and the ether.
 *
 * ```js
 * const swap = await deployUniswap({ rpcUrl, account, pools: [{ a: adt, b: NATIVE, amountA: parseUnits('150000', 18), amountB: parseEther('100') }] })
 * swap.pools[0].pair // the ADT/WETH pair
 * ```
 */
export async function deployUniswap({ rpcUrl, account, pools = [] }) {
  const signer = privateKeyToAccount(account.privateKey)
  if (account.address && !isAddressEqual(account.address, signer.address)) throw new Error('deployUniswap: the address is not the private key’s')
  const deployer = signer.address
  const artifacts = uniswapArtifacts()
  if (keccak256(artifacts.pair.bytecode) !== ROUTER_INIT_CODE_HASH)
    throw new Error(`deployUniswap: the pair's init code hash is ${keccak256(artifacts.pair.bytecode)}, the router expects ${ROUTER_INIT_CODE_HASH}`)

  const client = createPublicClient({ transport: http(rpcUrl), pollingInterval: 20 })
  const [chainId, startNonce, block] = await Promise.all([
    client.getChainId(),
    client.getTransactionCount({ address: deployer, blockTag: 'pending' }),
    client.getBlock({ blockTag: 'latest' }),
  ])
  const maxPriorityFeePerGas = 1_000_000_000n
  const maxFeePerGas = (block.baseFeePerGas ?? 1_000_000_000n) * 2n + maxPriorityFeePerGas
  const deadline = BigInt(Math.max(Number(block.timestamp), Math.floor(Date.now() / 1000)) + DEADLINE_S)
  let nonce = startNonce
  const sent = []

  async function send(label, { to, data, value, gas }) {
    const txNonce = nonce++
    const serialized = await signer.signTransaction({ type: 'eip1559', chainId, nonce: txNonce, to, data, value, gas, maxFeePerGas, maxPriorityFeePerGas })
    sent.push({ label, hash: await client.request({ method: 'eth_sendRawTransaction', params: [serialized] }) })
    return to ? undefined : getContractAddress({ from: deployer, nonce: BigInt(txNonce) })
  }
  const deploy = (label, artifact, args = []) =>
    send(label, { data: encodeDeployData({ abi: artifact.abi, bytecode: artifact.bytecode, args }), gas: GAS.deploy })

  const weth = await deploy('deploy WETH9', artifacts.weth)
  const factory = await deploy('deploy UniswapV2Factory', artifacts.factory, [deployer])
  const router = await deploy('deploy UniswapV2Router02', artifacts.router, [factory, weth])

  const approved = new Set()
  for (const pool of pools) {
    for (const token of [pool.a, pool.b]) {
      if (token === NATIVE || approved.has(token.toLowerCase())) continue
      approved.add(token.toLowerCase())
      await send(`approve ${token}`, {
        to: token,
        data: encodeFunctionData({ abi: APPROVE_ABI, functionName: 'approve', args: [router, maxUint256] }),
        gas: GAS.approve,
      })
    }
    if (pool.a === NATIVE && pool.b === NATIVE) throw new Error('deployUniswap: a pool needs a token')
    const eth = pool.a === NATIVE ? 'a' : pool.b === NATIVE ? 'b' : null
    if (eth) {
      const token = eth === 'a' ? pool.b : pool.a
      const amountToken = eth === 'a' ? pool.amountB : pool.amountA
      const amountEth = eth === 'a' ? pool.amountA : pool.amountB
      await send(`pool ${token}/WETH`, {
        to: router,
        value: amountEth,
        data: encodeFunctionData({ abi: ROUTER_ABI, functionName: 'addLiquidityETH', args: [token, amountToken, amountToken, amountEth, deployer, deadline] }),
        gas: GAS.addLiquidity,
      })
    } else {
      await send(`pool ${pool.a}/${pool.b}`, {
        to: router,
        data: encodeFunctionData({
          abi: ROUTER_ABI,
          functionName: 'addLiquidity',
          args: [pool.a, pool.b, pool.amountA, pool.amountB, pool.amountA, pool.amountB, deployer, deadline],
        }),
        gas: GAS.addLiquidity,
      })
    }
  }

  const receipts = await minedReceipts(
    client,
    sent.map(({ hash }) => hash),
  )
  const failed = receipts.findIndex((r) => r.status !== 'success')
  if (failed >= 0) throw new Error(`deployUniswap: "${sent[failed].label}" failed (${sent[failed].hash})`)

  const found = await Promise.all(
    pools.map(async (pool) => {
      const [a, b] = [pool.a, pool.b].map((t) => (t === NATIVE ? weth : getAddress(t)))
      const pair = await client.readContract({ address: factory, abi: FACTORY_ABI, functionName: 'getPair', args: [a, b] })
      if (pair === zeroAddress) throw new Error(`deployUniswap: no pair for ${a}/${b}`)
      return { pair, tokenA: a, tokenB: b }
    }),
  )
  return { chainId, factory, router, weth, pools: found }
}
