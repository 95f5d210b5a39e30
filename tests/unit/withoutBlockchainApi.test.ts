/**
 * Issue 26 §5: Buy, Swap and Send were offered on a page with no Blockchain API configured
 * (`apiUrls.blockchain` unset). Buy's widget address (POST /v1/generators/onrampurl) and every swap
 * call (/v1/convert/*) come from that API (SPEC §7), so on such a page the on-ramp and swap
 * plugins are not loaded and Account offers neither; Send needs only the chain for the native
 * currency (its balance, fee and transfer go over RPC), so it stays, and works. On a real instance
 * in Node: the same page with and without the API, and a native send without it on a real anvil.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createPublicClient, http, parseEther, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { startAnvil, type Anvil } from '../../services/chain/anvil.mjs'
import { createAirlock, defineChain, ethereum, type AirlockInstance, type PublicEvent } from '../../src/index'
import { memoryStorage } from '../../src/kernel/deps'
import type { AirlockEvent, RootState } from '../../src/kernel/registry'
import { selectAccountActions } from '../../src/core/contributions/selectors'
import { pushView } from '../../src/core/router/commands'
import { selectView } from '../../src/core/router/selectors'
import { sendCommands } from '../../src/plugins/send/commands'
import { selectSendForm } from '../../src/plugins/send/selectors'
import { receiverKind } from '../../src/plugins/send/receiverKind'
import { announcingPage } from '../support/announcingPage'
import { fakeWallet } from '../support/eip1193Wallet'
import { localWallet } from '../support/localWallet'
import { until } from '../support/until'
import { runCommand } from '../support/runCommand'
import { idleMs } from '../support/until'

const running: AirlockInstance[] = []
afterEach(() => running.splice(0).forEach((airlock) => airlock.destroy()))

const quiet = { warn: () => undefined, error: () => undefined }
// Buy, Swap and Send switched on by the site (swaps and on-ramp are off unless remote config or the site turns them on);
// names off, its own action (needs: ['blockchainApi'] already) is not what is measured here.
const features = { swaps: true, onramp: true, send: true, receive: true, names: false }

/** The page, connected to an announced wallet, the modal opened (Account's plugins load then); the Account actions offered. */
async function accountActions(blockchain: string | undefined, loading: readonly string[]): Promise<{ actions: string[]; loaded: readonly string[] }> {
  const airlock = createAirlock(
    { projectId: 'p', networks: [ethereum], features, disableAppend: true, apiUrls: { config: 'http://127.0.0.1:9/api', ...(blockchain && { blockchain }) } },
    {
      deps: { storage: memoryStorage(), fetch: undefined, window: announcingPage(fakeWallet({ chainId: 1 })), logger: quiet },
      connectors: { readerFor: () => ({ request: async () => null, get: async () => null }) },
    },
  )
  running.push(airlock)
  await airlock.ready()
  await airlock.connect('local.wallet')
  await airlock.open()
  await until(() => loading.every((id) => airlock.loadedPlugins().includes(id)))
  // Whatever else loads on opening has had its turn.
  await new Promise((resolve) => setTimeout(resolve, 200))
  return { actions: selectAccountActions(airlock.getState()).map((action) => action.id), loaded: airlock.loadedPlugins() }
}

describe('a page with no Blockchain API', () => {
  it('offers no Buy or Swap in Account (their plugins are not loaded); Send and Receive stay', async () => {
    const without = await accountActions(undefined, ['receive', 'send'])
    expect(without.loaded).not.toContain('swap')
    expect(without.loaded).not.toContain('onramp')
    expect(without.actions).toEqual(['receive', 'send'])
  })

  it('the same page with the API offers Buy, Swap, Receive and Send (SPEC §9 wallet feature order)', async () => {
    const withApi = await accountActions('http://127.0.0.1:9/blockchain', ['onramp', 'swap', 'receive', 'send'])
    expect(withApi.actions).toEqual(['onramp', 'swaps', 'receive', 'send'])
  })
})

describe('Send with no Blockchain API: the native currency over RPC', () => {
  let anvil: Anvil
  beforeAll(async () => {
    anvil = await startAnvil({ chainId: 31337 })
  }, idleMs(60_000))
  afterAll(async () => {
    await anvil?.stop()
  })

  it('chooses the native balance the chain gave, reads the fee, and the receiver gets exactly the amount', async () => {
    const key = generatePrivateKey()
    await anvil.rpc('anvil_setBalance', [privateKeyToAccount(key).address, `0x${parseEther('2').toString(16)}`])
    const local = defineChain({
      id: 31337,
      name: 'Local',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [anvil.url] } },
    })
    const airlock = createAirlock(
      { projectId: 'test', networks: [local], features, disableAppend: true, apiUrls: { config: 'http://127.0.0.1:9/api' } },
      { deps: { storage: memoryStorage(), window: announcingPage(localWallet({ rpcUrl: anvil.url, chainId: 31337, privateKey: key as Hex })), logger: quiet } },
    )
    running.push(airlock)
    const events: PublicEvent[] = []
    airlock.subscribeEvents((event) => events.push(event))
    await airlock.ready()
    await airlock.connect('local.wallet')
    await airlock.open()
    await until(() => airlock.loadedPlugins().includes('send'))
    expect(airlock.loadedPlugins()).not.toContain('tokens')
    const run = <A extends unknown[]>(command: (state: RootState, ...args: A) => readonly AirlockEvent[], ...args: A) => runCommand(airlock, command, ...args)
    const form = () => selectSendForm(airlock.getState())
    run((state: RootState) => pushView(state, 'WalletSend'))

    // The only balance to choose: the native one the core read by RPC.
    await until(() => form().tokenBalances.length > 0)
    expect(form().tokenBalances.map((b) => [b.symbol, b.quantity.numeric])).toEqual([['ETH', '2']])
    const to = privateKeyToAccount(generatePrivateKey()).address
    run(sendCommands.chooseToken, form().tokenBalances[0]!)
    run(sendCommands.enterAmount, '0.25')
    run(sendCommands.enterReceiver, to, receiverKind(to, 'eip155'))
    await until(() => form().fee.status === 'ready')
    expect(form().problem).toBeNull()

    run((state: RootState) => (selectSendForm(state).problem === null ? pushView(state, 'WalletSendPreview') : []))
    run(sendCommands.send)
    await until(() => events.some((e) => e.type === 'SEND_SUCCESS' || e.type === 'SEND_ERROR'), 30_000)
    expect(events.filter((e) => e.type === 'SEND_ERROR')).toEqual([])
    expect(events.find((e) => e.type === 'SEND_SUCCESS')).toMatchObject({ payload: { token: 'ETH', tokenAddress: null, amount: '0.25', receiver: to } })
    expect(await createPublicClient({ transport: http(anvil.url) }).getBalance({ address: to })).toBe(parseEther('0.25'))
    expect(selectView(airlock.getState())).toBe('Account')
  })
})
