/**
 * Name registration end to end in Node, with real parts (SPEC §4 name registration, §2 views, §4
 * identity sync): createAirlock with the built-in plugins and `features.names`, a real wallet (a
 * viem local account behind EIP-1193, announced through EIP-6963) on a real anvil with the demo
 * name contract, and the self-hosted Blockchain API (services/accountStack) that registers names.
 * The form is driven through the plugin's commands, as its views drive it; what landed is read
 * back from the chain with viem's ENS actions.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createPublicClient, http, type Address, type Hex } from 'viem'
import { generatePrivateKey } from 'viem/accounts'
import { startAnvil, type Anvil } from '../../../services/chain/anvil.mjs'
import { startAccountServices, type AccountServices } from '../../../services/accountStack.mjs'
import { createAirlock, defineChain, type AirlockInstance, type PublicEvent } from '../../index'
import { memoryStorage } from '../../kernel/deps'
import { type AirlockEvent, type RootState, selectView, selectActiveAccount } from 'airlock/plugin'
import { pushView } from '../../core/router/commands'
import { selectAccountActions } from '../../core/contributions/selectors'
import { localWallet, type LocalWallet } from '../../../tests/support/localWallet'
import { announcingPage } from '../../../tests/support/announcingPage'
import { until, idleMs } from '../../../tests/support/until'
import { namesCommands } from './commands'
import { selectNameForm } from './selectors'
import { runCommand } from '../../../tests/support/runCommand'

let anvil: Anvil
let stack: AccountServices
beforeAll(async () => {
  anvil = await startAnvil({ chainId: 31337 })
  stack = await startAccountServices({ chain: { chainId: 31337, rpcUrl: anvil.url }, history: 2 })
}, idleMs(60_000))
afterAll(async () => {
  await stack?.stop()
  await anvil?.stop()
})

const running: AirlockInstance[] = []
afterEach(() => running.splice(0).forEach((airlock) => airlock.destroy()))

const chain = () => createPublicClient({ transport: http(anvil.url) })

async function start(wallet: LocalWallet) {
  const local = defineChain({
    id: 31337,
    name: 'Local',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [anvil.url] } },
  })
  const airlock = createAirlock(
    {
      projectId: 'test',
      networks: [local],
      disableAppend: true,
      features: { names: true },
      apiUrls: { config: 'http://127.0.0.1:9/api', blockchain: stack.apiUrl },
    },
    { deps: { storage: memoryStorage(), window: announcingPage(wallet), logger: { warn: () => undefined, error: () => undefined } } },
  )
  running.push(airlock)
  const events: PublicEvent[] = []
  airlock.subscribeEvents((event) => events.push(event))
  await airlock.ready()
  await airlock.connect('local.wallet')
  await airlock.open()
  await until(() => airlock.loadedPlugins().includes('names') && airlock.getState().identity !== undefined)
  await until(() => Object.keys(airlock.getState().identity?.byAddress ?? {}).length > 0)
  const run = <A extends unknown[]>(command: (state: RootState, ...args: A) => readonly AirlockEvent[], ...args: A) => runCommand(airlock, command, ...args)
  const form = () => selectNameForm(airlock.getState())
  return { airlock, events, run, form }
}

describe('name registration (SPEC §4: sign message, submit, then the success view; on failure, the registration view)', () => {
  it(
    'an account with no name registers one: taken names refused, the wallet signs, the name is its primary name on chain and in Account',
    async () => {
      const wallet = localWallet({ rpcUrl: anvil.url, chainId: 31337, privateKey: generatePrivateKey() as Hex })
      const { airlock, events, run, form } = await start(wallet)
      const actions = () => selectAccountActions(airlock.getState()).map((a) => a.id)
      expect(selectActiveAccount(airlock.getState())?.profileName).toBeNull()
      expect(actions()).toContain('names')
      run((state) => pushView(state, 'RegisterAccountName'))

      run(namesCommands.enterLabel, 'dem')
      expect(form()).toMatchObject({ problem: 'short', canRegister: false })
      run(namesCommands.enterLabel, 'demo')
      await until(() => form().availability === 'taken', 10_000)
      expect(form().suggestions.length).toBeGreaterThan(0)
      run(namesCommands.register)
      expect(events.some((e) => e.type === 'REGISTER_NAME_INITIATED')).toBe(false)

      const label = `visitor-${Date.now().toString(36)}`
      const name = `${label}.airlock.eth`
      run(namesCommands.enterLabel, label)
      await until(() => form().availability === 'available', 10_000)
      run(namesCommands.register)
      await until(() => events.some((e) => e.type === 'REGISTER_NAME_SUCCESS' || e.type === 'REGISTER_NAME_ERROR'), 30_000)
      expect(events.filter((e) => e.type.startsWith('REGISTER_NAME')).map((e) => [e.type, e.payload])).toEqual([
        ['REGISTER_NAME_INITIATED', { name, caipNetworkId: 'eip155:31337' }],
        ['REGISTER_NAME_SUCCESS', { name, address: wallet.address, caipNetworkId: 'eip155:31337' }],
      ])
      expect(wallet.calls).toContain('personal_sign')
      expect(selectView(airlock.getState())).toBe('RegisterAccountNameSuccess')
      const universalResolverAddress = stack.contracts.names as Address
      expect(await chain().getEnsAddress({ name, universalResolverAddress })).toBe(wallet.address)
      expect(await chain().getEnsName({ address: wallet.address, universalResolverAddress })).toBe(name)
      // The identity is read again at once (its 5-minute cache notwithstanding): Account shows the name, and the action goes.
      await until(() => selectActiveAccount(airlock.getState())?.profileName === name, 10_000)
      expect(actions()).not.toContain('names')
      run(namesCommands.backToAccount)
      expect(selectView(airlock.getState())).toBe('Account')
    },
    idleMs(60_000),
  )

  it(
    'declining to sign leaves the visitor on the form with "Error registering name {name}"; nothing is registered',
    async () => {
      const wallet = localWallet({ rpcUrl: anvil.url, chainId: 31337, privateKey: generatePrivateKey() as Hex })
      const { airlock, events, run, form } = await start(wallet)
      run((state) => pushView(state, 'RegisterAccountName'))
      const label = `decline-${Date.now().toString(36)}`
      run(namesCommands.enterLabel, label)
      await until(() => form().availability === 'available', 10_000)
      wallet.declineNext()
      run(namesCommands.register)
      await until(() => events.some((e) => e.type === 'REGISTER_NAME_ERROR'), 30_000)
      expect(events.map((e) => e.type)).toContain('USER_REJECTED')
      expect(events.find((e) => e.type === 'REGISTER_NAME_ERROR')?.payload).toMatchObject({
        name: `${label}.airlock.eth`,
        message: `Error registering name ${label}.airlock.eth`,
        reason: 'rejected',
      })
      expect(selectView(airlock.getState())).toBe('RegisterAccountName')
      expect(form().names.failure).toEqual({ name: `${label}.airlock.eth`, reason: 'rejected' })
      expect(await chain().getEnsAddress({ name: `${label}.airlock.eth`, universalResolverAddress: stack.contracts.names as Address })).toBeNull()
    },
    idleMs(60_000),
  )
})
