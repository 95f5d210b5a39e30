import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPublicClient, createWalletClient, erc20Abi, formatEther, formatUnits, http, parseEther, parseUnits, type Address, type PublicClient } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { DEV_ACCOUNT, startAnvil, type Anvil } from './anvil.mjs'
import { deployDemoContracts, type DemoContracts } from './demoContracts.mjs'
import { FACTORY_ABI, PAIR_ABI, ROUTER_ABI, demoPools, deployUniswap, type UniswapDeployment } from './uniswap.mjs'
import { idleMs } from '../../tests/support/until'

// anvil's second development key: a visitor who swaps.
const ALICE = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d')

describe('Uniswap V2 on anvil (the swap back end, SPEC §7 /v1/convert/*)', () => {
  let anvil: Anvil
  let client: PublicClient
  let demo: DemoContracts
  let swap: UniswapDeployment
  let deployMs: number

  beforeAll(async () => {
    anvil = await startAnvil()
    client = createPublicClient({ transport: http(anvil.url), pollingInterval: 20 })
    demo = await deployDemoContracts({ rpcUrl: anvil.url, account: DEV_ACCOUNT, holders: [ALICE.address] })
    const started = performance.now()
    swap = await deployUniswap({ rpcUrl: anvil.url, account: DEV_ACCOUNT, pools: demoPools(demo.tokens) })
    deployMs = performance.now() - started
  }, idleMs(30_000))
  afterAll(async () => {
    await anvil?.stop()
  })

  const quote = async (amountIn: bigint, path: Address[]) =>
    (await client.readContract({ address: swap.router, abi: ROUTER_ABI, functionName: 'getAmountsOut', args: [amountIn, path] })) as readonly bigint[]

  it('deploys WETH, the factory and the router at the returned addresses, the router wired to both, in under 2 s', async () => {
    expect(deployMs).toBeLessThan(idleMs(2000))
    for (const address of [swap.weth, swap.factory, swap.router]) expect(await client.getCode({ address })).toMatch(/^0x[0-9a-f]{100,}$/)
    expect(await client.readContract({ address: swap.router, abi: ROUTER_ABI, functionName: 'factory' })).toBe(swap.factory)
    expect(await client.readContract({ address: swap.router, abi: ROUTER_ABI, functionName: 'WETH' })).toBe(swap.weth)
    expect(await client.readContract({ address: swap.factory, abi: FACTORY_ABI, functionName: 'allPairsLength' })).toBe(3n)
    expect(swap.chainId).toBe(31337)
  })

  it('seeds the three pools with the liquidity asked for, each pair at the address the factory records', async () => {
    const seeds = demoPools(demo.tokens)
    for (const [i, pool] of swap.pools.entries()) {
      expect(await client.readContract({ address: swap.factory, abi: FACTORY_ABI, functionName: 'getPair', args: [pool.tokenA, pool.tokenB] })).toBe(pool.pair)
      const [r0, r1] = (await client.readContract({ address: pool.pair, abi: PAIR_ABI, functionName: 'getReserves' })) as readonly [bigint, bigint, number]
      const token0 = (await client.readContract({ address: pool.pair, abi: PAIR_ABI, functionName: 'token0' })) as Address
      const [ra, rb] = token0.toLowerCase() === pool.tokenA.toLowerCase() ? [r0, r1] : [r1, r0]
      expect([ra, rb]).toEqual([seeds[i]!.amountA, seeds[i]!.amountB])
    }
  })

  it('prices the tokens as the API does (ETH $3000, ADT $2, ADD $1), within the 0.3% fee and a small impact', async () => {
    // 0.05 ETH ($150) buys about 75 ADT and 150 ADD; 10 ADT buy about 20 ADD; 100 ADT buy about 1/15 ETH.
    const adtFor = Number(formatUnits((await quote(parseEther('0.05'), [swap.weth, demo.tokens.adt]))[1]!, 18))
    expect(adtFor).toBeGreaterThan(75 * 0.996)
    expect(adtFor).toBeLessThan(75)
    const addFor = Number(formatUnits((await quote(parseEther('0.05'), [swap.weth, demo.tokens.add]))[1]!, 6))
    expect(addFor).toBeGreaterThan(150 * 0.996)
    expect(addFor).toBeLessThan(150)
    const addPer10Adt = Number(formatUnits((await quote(parseUnits('10', 18), [demo.tokens.adt, demo.tokens.add]))[1]!, 6))
    expect(addPer10Adt).toBeGreaterThan(20 * 0.996)
    expect(addPer10Adt).toBeLessThan(20)
    const ethPer100Adt = Number(formatEther((await quote(parseUnits('100', 18), [demo.tokens.adt, swap.weth]))[1]!))
    expect(ethPer100Adt).toBeGreaterThan((100 / 1500) * 0.996)
    expect(ethPer100Adt).toBeLessThan(100 / 1500)
  })

  it('swaps through the router: the tokens move by what getAmountsOut said', async () => {
    const wallet = createWalletClient({ account: ALICE, chain: foundry, transport: http(anvil.url), pollingInterval: 20 })
    const amountIn = parseUnits('10', 18)
    const path = [demo.tokens.adt, demo.tokens.add]
    const expected = (await quote(amountIn, path))[1]!
    const balance = (token: Address) => client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [ALICE.address] })
    const [adtBefore, addBefore] = await Promise.all([balance(demo.tokens.adt), balance(demo.tokens.add)])
    const approve = await wallet.writeContract({ address: demo.tokens.adt, abi: erc20Abi, functionName: 'approve', args: [swap.router, amountIn] })
    await client.waitForTransactionReceipt({ hash: approve })
    const deadline = BigInt(Math.floor(Date.now() / 1000) + 600)
    const hash = await wallet.writeContract({
      address: swap.router,
      abi: ROUTER_ABI,
      functionName: 'swapExactTokensForTokens',
      args: [amountIn, expected, path, ALICE.address, deadline],
    })
    expect((await client.waitForTransactionReceipt({ hash })).status).toBe('success')
    expect(await balance(demo.tokens.adt)).toBe(adtBefore - amountIn)
    expect(await balance(demo.tokens.add)).toBe(addBefore + expected)
  })
})
