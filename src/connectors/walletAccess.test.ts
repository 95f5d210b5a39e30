/**
 * The `wallet` port as a plugin's effects receive it from createAirlock, against a real chain
 * (anvil) and a real wallet (a viem local account behind EIP-1193, announced through EIP-6963):
 * a message signed and verified, a transaction sent and mined, typed data signed and verified,
 * capabilities read, a refusal kept as 4001, and no connection where there is none.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createPublicClient, http, parseEther, recoverTypedDataAddress, verifyMessage, verifyTypedData, type Hex } from 'viem'
import { startAnvil, type Anvil } from '../../services/chain/anvil.mjs'
import { createAirlock, defineChain, type AirlockInstance } from '../index'
import { memoryStorage } from '../kernel/deps'
import { AirlockError, ErrorCategory } from '../kernel/errors'
import { CHAIN_ADAPTER_NOT_FOUND } from '../chains/adapter'
import { createWalletAccess, NO_ACTIVE_CAIP_ADDRESS, rememberAdapters } from './walletAccess'
import { LOCAL_WALLET_CAPABILITIES, localWallet, type LocalWallet } from '../../tests/support/localWallet'
import { announcingPage } from '../../tests/support/announcingPage'
import { probePlugin } from '../../tests/support/probePlugin'
import { idleMs } from '../../tests/support/until'

let anvil: Anvil
beforeAll(async () => {
  anvil = await startAnvil({ chainId: 31337 })
}, idleMs(60_000))
afterAll(async () => {
  await anvil?.stop()
})

const running: AirlockInstance[] = []
afterEach(() => running.splice(0).forEach((airlock) => airlock.destroy()))

/** An instance with a plugin whose effect keeps the deps it receives. */
async function start(wallet: LocalWallet) {
  const probe = probePlugin()
  const local = defineChain({
    id: anvil.chainId,
    name: 'Local',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [anvil.url] } },
  })
  const airlock = createAirlock(
    { projectId: 'test', networks: [local], disableAppend: true, apiUrls: { config: 'http://127.0.0.1:9/api' }, plugins: [probe.plugin] },
    { deps: { storage: memoryStorage(), fetch: undefined, window: announcingPage(wallet), logger: { warn: () => undefined, error: () => undefined } } },
  )
  running.push(airlock)
  await airlock.ready()
  return { airlock, deps: probe.deps() }
}

const chain = () => createPublicClient({ transport: http(anvil.url) })

describe('the wallet port over a connected EVM wallet', () => {
  it('has no connection before the visitor connects', async () => {
    const { deps } = await start(localWallet({ rpcUrl: anvil.url, chainId: anvil.chainId }))
    expect(deps.wallet.connection()).toBeUndefined()
    expect(deps.wallet.connection('eip155')).toBeUndefined()
  })

  it('gives the connection of the active namespace: connector, address, network', async () => {
    const wallet = localWallet({ rpcUrl: anvil.url, chainId: anvil.chainId })
    const { airlock, deps } = await start(wallet)
    await airlock.connect('local.wallet')
    const connection = deps.wallet.connection()
    expect(connection).toMatchObject({
      namespace: 'eip155',
      connectorId: 'local.wallet',
      address: wallet.address,
      caipNetworkId: 'eip155:31337',
      caipAddress: `eip155:31337:${wallet.address}`,
    })
    expect(deps.wallet.connection('solana')).toBeUndefined()
    expect(await connection!.request({ method: 'eth_chainId' })).toBe('0x7a69')
  })

  it('signs a message the address verifies (personal_sign)', async () => {
    const wallet = localWallet({ rpcUrl: anvil.url, chainId: anvil.chainId })
    const { airlock, deps } = await start(wallet)
    await airlock.connect('local.wallet')
    const signature = (await deps.wallet.connection('eip155')!.signMessage('Hello from a plugin')) as Hex
    expect(await verifyMessage({ address: wallet.address, message: 'Hello from a plugin', signature })).toBe(true)
    expect(await verifyMessage({ address: wallet.address, message: 'Something else', signature })).toBe(false)
  })

  it('sends a transaction that is mined, moving the value', async () => {
    const wallet = localWallet({ rpcUrl: anvil.url, chainId: anvil.chainId })
    const { airlock, deps } = await start(wallet)
    await airlock.connect('local.wallet')
    const to = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
    const before = await chain().getBalance({ address: to })
    const hash = (await deps.wallet.connection()!.sendTransaction!({ to, value: parseEther('0.25') })) as Hex
    const receipt = await chain().waitForTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    expect(receipt.from.toLowerCase()).toBe(wallet.address.toLowerCase())
    expect(await chain().getBalance({ address: to })).toBe(before + parseEther('0.25'))
  })

  it('signs EIP-712 typed data the address verifies (eth_signTypedData_v4)', async () => {
    const wallet = localWallet({ rpcUrl: anvil.url, chainId: anvil.chainId })
    const { airlock, deps } = await start(wallet)
    await airlock.connect('local.wallet')
    const typedData = {
      domain: { name: 'Airlock', version: '1', chainId: 31337, verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC' },
      types: {
        Person: [
          { name: 'name', type: 'string' },
          { name: 'wallet', type: 'address' },
        ],
        Mail: [
          { name: 'from', type: 'Person' },
          { name: 'contents', type: 'string' },
          { name: 'amount', type: 'uint256' },
        ],
      },
      primaryType: 'Mail',
      message: { from: { name: 'Cow', wallet: '0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826' }, contents: 'Hello, Bob!', amount: 10n ** 20n },
    } as const
    const signature = (await deps.wallet.connection()!.signTypedData!(typedData)) as Hex
    expect(await verifyTypedData({ ...typedData, address: wallet.address, signature })).toBe(true)
    expect(await recoverTypedDataAddress({ ...typedData, signature })).toBe(wallet.address)
  })

  it('reads the wallet capabilities (wallet_getCapabilities for the connected address)', async () => {
    const wallet = localWallet({ rpcUrl: anvil.url, chainId: anvil.chainId })
    const { airlock, deps } = await start(wallet)
    await airlock.connect('local.wallet')
    expect(await deps.wallet.connection()!.getCapabilities!()).toEqual({ '0x7a69': LOCAL_WALLET_CAPABILITIES })
  })

  it('rejects a declined signature with an AirlockError that keeps code 4001 (SPEC §8)', async () => {
    const wallet = localWallet({ rpcUrl: anvil.url, chainId: anvil.chainId })
    const { airlock, deps } = await start(wallet)
    await airlock.connect('local.wallet')
    wallet.declineNext()
    const error = await deps.wallet
      .connection()!
      .signMessage('no')
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(AirlockError)
    expect(error).toMatchObject({ code: 4001, category: ErrorCategory.USER_REJECTED, message: 'User rejected the request.' })
  })

  it('refuses a transaction field of the wrong form before the wallet sees it', async () => {
    const wallet = localWallet({ rpcUrl: anvil.url, chainId: anvil.chainId })
    const { airlock, deps } = await start(wallet)
    await airlock.connect('local.wallet')
    const asked = wallet.calls.length
    await expect(deps.wallet.connection()!.sendTransaction!({ to: 'nobody', value: -1 })).rejects.toMatchObject({ message: 'Invalid transaction' })
    expect(wallet.calls.length).toBe(asked)
  })

  it('fails "No ActiveCaipAddress found" when the connection read earlier has ended (SPEC §8)', async () => {
    const wallet = localWallet({ rpcUrl: anvil.url, chainId: anvil.chainId })
    const { airlock, deps } = await start(wallet)
    await airlock.connect('local.wallet')
    const connection = deps.wallet.connection()!
    await airlock.disconnect()
    expect(deps.wallet.connection()).toBeUndefined()
    const error = await connection.signMessage('late').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(AirlockError)
    expect((error as AirlockError).message).toBe(NO_ACTIVE_CAIP_ADDRESS)
    expect(wallet.calls).not.toContain('personal_sign')
  })

  it('fails "Chain adapter not found" when the build has no adapter for the namespace (SPEC §8)', async () => {
    const wallet = localWallet({ rpcUrl: anvil.url, chainId: anvil.chainId })
    const { airlock } = await start(wallet)
    await airlock.connect('local.wallet')
    // The same state and provider, seen through an access whose build has no adapters at all.
    const access = createWalletAccess({ providers: { get: () => wallet }, adapters: rememberAdapters(async () => undefined), getState: airlock.getState })
    const connection = access.connection()!
    expect(connection.sendTransaction).toBeUndefined()
    await expect(connection.signMessage('x')).rejects.toMatchObject({ message: CHAIN_ADAPTER_NOT_FOUND, details: 'eip155' })
  })
})
