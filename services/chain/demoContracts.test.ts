import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import {
  BaseError,
  ContractFunctionZeroDataError,
  createPublicClient,
  createWalletClient,
  erc20Abi,
  http,
  namehash,
  parseAbi,
  parseEventLogs,
  type Address,
  type PublicClient,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { DEV_ACCOUNT, DEV_BALANCE_WEI, startAnvil, type Anvil } from './anvil.mjs'
import { DEMO_HISTORY, DEMO_NAME, DEMO_TOKENS, deployDemoContracts, type DemoContracts } from './demoContracts.mjs'
import { idleMs } from '../../tests/support/until'

// anvil's second and third development keys (the well-known test mnemonic): the holders.
const ALICE = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d')
const BOB = privateKeyToAccount('0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a')

// The USDT-style token's real signatures: no return values.
const tetherAbi = parseAbi([
  'function transfer(address to, uint256 value)',
  'function approve(address spender, uint256 value)',
  'function balanceOf(address) view returns (uint256)',
  'event Transfer(address indexed from, address indexed to, uint256 value)',
])
const collectibleAbi = parseAbi([
  'function ownerOf(uint256 tokenId) view returns (address)',
  'function tokenURI(uint256 tokenId) view returns (string)',
  'function name() view returns (string)',
  'function symbol() view returns (string)',
])
const registryAbi = parseAbi([
  'function register(string name, address owner, string avatar) returns (bytes32)',
  'function setAddr(bytes32 node, address a)',
  'function namehash(string name) pure returns (bytes32)',
  'function available(string name) view returns (bool)',
  'function primaryName(address account) view returns (string)',
])

const AVATAR_SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8" fill="#3b6"/></svg>'

describe('the demo contracts on anvil', () => {
  let anvil: Anvil
  let metadata: Server
  let metadataBaseUrl: string
  let client: PublicClient
  let demo: DemoContracts
  let deployMs: number

  beforeAll(async () => {
    // A metadata host, so getEnsAvatar's image check (a HEAD request) has something to find.
    metadata = createServer((req, res) => {
      if (req.url === '/meta/avatar.svg') res.writeHead(200, { 'content-type': 'image/svg+xml' }).end(req.method === 'HEAD' ? undefined : AVATAR_SVG)
      else res.writeHead(404).end()
    })
    await new Promise<void>((resolve) => metadata.listen(0, '127.0.0.1', resolve))
    metadataBaseUrl = `http://127.0.0.1:${(metadata.address() as AddressInfo).port}/meta`
    anvil = await startAnvil()
    client = createPublicClient({ transport: http(anvil.url), pollingInterval: 20 })
    const started = performance.now()
    demo = await deployDemoContracts({ rpcUrl: anvil.url, account: DEV_ACCOUNT, holders: [ALICE.address, BOB.address], metadataBaseUrl })
    deployMs = performance.now() - started
  }, idleMs(30_000))
  afterAll(async () => {
    await anvil?.stop()
    await new Promise((resolve) => metadata?.close(resolve))
  })

  const wallet = (account: typeof ALICE) => createWalletClient({ account, chain: foundry, transport: http(anvil.url), pollingInterval: 20 })
  const balanceOf = (token: Address, owner: Address) => client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })

  it('deploys the five contracts and seeds them in well under 2 s', async () => {
    expect(deployMs).toBeLessThan(idleMs(2000))
    const addresses = [demo.tokens.adt, demo.tokens.add, demo.tokens.usdt, demo.collectible, demo.names]
    expect(new Set(addresses).size).toBe(5)
    for (const address of addresses) expect(await client.getCode({ address })).toMatch(/^0x[0-9a-f]{100,}$/)
    expect(await client.getBlockNumber()).toBe(demo.blockNumber)
    expect(demo.counterparty).toBe(ALICE.address)
  })

  it('funds the holders as minted, the first also with the history the deployer sent it', async () => {
    for (const [key, token] of Object.entries(demo.tokens) as [keyof typeof DEMO_TOKENS, Address][]) {
      const info = DEMO_TOKENS[key]
      expect(await client.readContract({ address: token, abi: erc20Abi, functionName: 'symbol' })).toBe(info.symbol)
      expect(await client.readContract({ address: token, abi: erc20Abi, functionName: 'name' })).toBe(info.name)
      expect(await client.readContract({ address: token, abi: erc20Abi, functionName: 'decimals' })).toBe(info.decimals)
      expect(await balanceOf(token, ALICE.address)).toBe(info.perHolder + DEMO_HISTORY[key])
      expect(await balanceOf(token, BOB.address)).toBe(info.perHolder)
      expect(await balanceOf(token, DEV_ACCOUNT.address)).toBe(info.supply - DEMO_HISTORY[key])
    }
    expect(DEMO_TOKENS.adt.perHolder).toBe(1000n * 10n ** 18n)
    expect(DEMO_TOKENS.add.perHolder).toBe(5000n * 10n ** 6n)
    expect(DEMO_TOKENS.usdt.perHolder).toBe(2500n * 10n ** 6n)
    expect(await client.getBalance({ address: ALICE.address })).toBe(DEV_BALANCE_WEI + DEMO_HISTORY.eth)
  })

  it('USDT-L: a transfer through an ABI without outputs succeeds; the standard ERC-20 ABI fails to decode its empty return', async () => {
    const value = 7n * 10n ** 6n
    const before = [await balanceOf(demo.tokens.usdt, ALICE.address), await balanceOf(demo.tokens.usdt, BOB.address)] as const
    const hash = await wallet(ALICE).writeContract({ address: demo.tokens.usdt, abi: tetherAbi, functionName: 'transfer', args: [BOB.address, value] })
    const receipt = await client.waitForTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    expect(parseEventLogs({ abi: tetherAbi, logs: receipt.logs, eventName: 'Transfer' })[0]?.args).toEqual({ from: ALICE.address, to: BOB.address, value })
    expect(await balanceOf(demo.tokens.usdt, ALICE.address)).toBe(before[0] - value)
    expect(await balanceOf(demo.tokens.usdt, BOB.address)).toBe(before[1] + value)

    // Simulated with its own ABI the call passes (result undefined) ...
    const own = await client.simulateContract({ account: ALICE, address: demo.tokens.usdt, abi: tetherAbi, functionName: 'transfer', args: [BOB.address, 1n] })
    expect(own.result).toBeUndefined()
    // ... with the standard ERC-20 ABI the same successful call is an error: the token returns
    // no data where `bool` is expected, and viem reports ContractFunctionZeroDataError ("returned
    // no data ("0x")", suggesting the function does not exist), though the transfer would work.
    // Solidity callers using IERC20 revert the same way; SafeERC20-style callers accept it.
    const failure = await client
      .simulateContract({ account: ALICE, address: demo.tokens.usdt, abi: erc20Abi, functionName: 'transfer', args: [BOB.address, 1n] })
      .then(
        () => undefined,
        (e: unknown) => e,
      )
    expect(failure).toBeInstanceOf(BaseError)
    expect((failure as BaseError).walk((e) => e instanceof ContractFunctionZeroDataError)).toBeInstanceOf(ContractFunctionZeroDataError)
    expect((failure as BaseError).shortMessage).toMatch(/returned no data \("0x"\)/)

    // USDT's approve rule: a non-zero allowance goes through 0 before another non-zero value.
    await client.waitForTransactionReceipt({
      hash: await wallet(ALICE).writeContract({ address: demo.tokens.usdt, abi: tetherAbi, functionName: 'approve', args: [BOB.address, 5n] }),
    })
    await expect(
      client.simulateContract({ account: ALICE, address: demo.tokens.usdt, abi: tetherAbi, functionName: 'approve', args: [BOB.address, 6n] }),
    ).rejects.toThrow(/reset allowance to 0 first/)
    await client.simulateContract({ account: ALICE, address: demo.tokens.usdt, abi: tetherAbi, functionName: 'approve', args: [BOB.address, 0n] })
  })

  it('mints collectible #1 to the first holder, with its metadata URI', async () => {
    expect(await client.readContract({ address: demo.collectible, abi: collectibleAbi, functionName: 'ownerOf', args: [1n] })).toBe(ALICE.address)
    expect(await client.readContract({ address: demo.collectible, abi: collectibleAbi, functionName: 'tokenURI', args: [1n] })).toBe(
      `${metadataBaseUrl}/1.json`,
    )
    expect(await client.readContract({ address: demo.collectible, abi: collectibleAbi, functionName: 'name' })).toBe('Airlock Demo Collectible')
    expect(await client.readContract({ address: demo.collectible, abi: collectibleAbi, functionName: 'symbol' })).toBe('ADC')
  })

  it("names: viem's getEnsAddress, getEnsName, getEnsText and getEnsAvatar resolve the demo name through the registry", async () => {
    const universalResolverAddress = demo.names
    const avatar = `${metadataBaseUrl}/avatar.svg`
    expect(demo.avatar).toBe(avatar)
    expect(await client.readContract({ address: demo.names, abi: registryAbi, functionName: 'namehash', args: [DEMO_NAME] })).toBe(namehash(DEMO_NAME))
    expect(await client.getEnsAddress({ name: DEMO_NAME, universalResolverAddress })).toBe(ALICE.address)
    // With a coin type viem decodes addr(bytes32,uint256)'s bytes: the address comes back lower case.
    expect(await client.getEnsAddress({ name: DEMO_NAME, coinType: 60n, universalResolverAddress })).toBe(ALICE.address.toLowerCase())
    expect(await client.getEnsAddress({ name: DEMO_NAME, coinType: 0n, universalResolverAddress })).toBeNull()
    expect(await client.getEnsName({ address: ALICE.address, universalResolverAddress })).toBe(DEMO_NAME)
    expect(await client.getEnsText({ name: DEMO_NAME, key: 'avatar', universalResolverAddress })).toBe(avatar)
    expect(await client.getEnsText({ name: DEMO_NAME, key: 'url', universalResolverAddress })).toBeNull()
    expect(await client.getEnsAvatar({ name: DEMO_NAME, universalResolverAddress })).toBe(avatar)
    // Unknown: the registry reverts ResolverNotFound, which viem reads as null.
    expect(await client.getEnsAddress({ name: 'nobody.airlock.eth', universalResolverAddress })).toBeNull()
    expect(await client.getEnsText({ name: 'nobody.airlock.eth', key: 'avatar', universalResolverAddress })).toBeNull()
    expect(await client.getEnsName({ address: BOB.address, universalResolverAddress })).toBeNull()
    expect(await client.readContract({ address: demo.names, abi: registryAbi, functionName: 'available', args: [DEMO_NAME] })).toBe(false)
    expect(await client.readContract({ address: demo.names, abi: registryAbi, functionName: 'available', args: ['Upper.airlock.eth'] })).toBe(false)
  })

  it('names: a label over 255 bytes, which viem DNS-encodes as [labelhash], resolves too', async () => {
    const name = `${'x'.repeat(300)}.airlock.eth`
    await client.waitForTransactionReceipt({
      hash: await wallet(BOB).writeContract({ address: demo.names, abi: registryAbi, functionName: 'register', args: [name, BOB.address, ''] }),
    })
    expect(await client.getEnsAddress({ name, universalResolverAddress: demo.names })).toBe(BOB.address)
  })

  it('names: a primary name that no longer resolves to its address reads as none (ReverseAddressMismatch)', async () => {
    await client.waitForTransactionReceipt({
      hash: await wallet(ALICE).writeContract({ address: demo.names, abi: registryAbi, functionName: 'setAddr', args: [namehash(DEMO_NAME), BOB.address] }),
    })
    expect(await client.getEnsAddress({ name: DEMO_NAME, universalResolverAddress: demo.names })).toBe(BOB.address)
    expect(await client.getEnsName({ address: ALICE.address, universalResolverAddress: demo.names })).toBeNull()
    expect(await client.readContract({ address: demo.names, abi: registryAbi, functionName: 'primaryName', args: [ALICE.address] })).toBe('')
  })
})
