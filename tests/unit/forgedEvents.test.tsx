/**
 * A site cannot forge a public event (issue 26 §4). The instance had `dispatch(event | command)`,
 * so a page's script could `airlock.dispatch(createEvent('CONNECT_SUCCESS', …))`: subscribeEvents,
 * the analytics option and the server's ingestion counted a connection that never happened, and
 * the state said connected. Now `dispatch`, `events$` and `modules()` live in `airlock._internal`,
 * where a public event (the core's, a plugin's `publicEvents`, TRANSACTION_SETTLED) is refused,
 * raw or returned by a function of the page's own, with one warning naming it; the UI acts through
 * the modules' registered commands (`_internal.run`), which still emit theirs. On a real instance
 * in Node, with an announced EIP-1193 wallet.
 */
import { describe, expect, it } from 'vitest'
import * as t from 'io-ts'
import { renderToStaticMarkup } from 'react-dom/server'
import { createAirlock, createEvent, defineModule, definePlugin, ethereum, type AirlockInstance, type Features, type PublicEvent } from '../../src/index'
import { defineEvent } from '../../src/events/define'
import { memoryStorage } from '../../src/kernel/deps'
import type { AnyModule } from '../../src/kernel/module'
import { AirlockProvider } from '../../src/ui/react/context'
import { useCommands, type Commands } from '../../src/ui/react/useCommands'
import { announcingPage } from '../support/announcingPage'
import { fakeWallet, ADDRESS_A } from '../support/eip1193Wallet'
import { until } from '../support/until'

const RDNS = 'test.wallet'

// A site's plugin with a public event of its own and the command that emits it.
const StatsCounted = defineEvent('STATS_COUNTED', t.type({ count: t.number }))
const statsModule = defineModule({
  id: 'stats',
  initialState: null,
  events: { STATS_COUNTED: StatsCounted },
  publicEvents: ['STATS_COUNTED'],
  commands: { count: (_state, count: number) => [{ type: 'STATS_COUNTED', payload: { count } } as never] },
})
const statsPlugin = definePlugin<Features>({ id: 'stats', enabledBy: () => true, load: async () => ({ default: statsModule as AnyModule }) })

async function start() {
  const warnings: string[] = []
  const airlock = createAirlock(
    { projectId: 'p', networks: [ethereum], disableAppend: true, apiUrls: { config: 'http://127.0.0.1:9/api' }, plugins: [statsPlugin] },
    {
      deps: {
        storage: memoryStorage(),
        fetch: undefined,
        window: announcingPage(fakeWallet({ chainId: 1 }), { name: 'Test Wallet', rdns: RDNS }),
        logger: { warn: (...args: unknown[]) => void warnings.push(args.join(' ')), error: () => undefined },
      },
      connectors: { readerFor: () => undefined },
    },
  )
  const events: PublicEvent[] = []
  airlock.subscribeEvents((event) => events.push(event))
  await airlock.ready()
  return { airlock, events, warnings }
}

/** The commands the modal's views get from `useCommands()`, over `airlock`. */
function commandsOf(airlock: AirlockInstance): Commands {
  let commands: Commands | undefined
  const Grab = () => {
    commands = useCommands()
    return null
  }
  renderToStaticMarkup(
    <AirlockProvider airlock={{ ...airlock, getServerState: airlock.getState }}>
      <Grab />
    </AirlockProvider>,
  )
  return commands!
}

const forged = createEvent('CONNECT_SUCCESS', { method: 'browser', name: 'Test Wallet', namespace: 'eip155', connectorId: RDNS })
const account = createEvent('ACCOUNT_CONNECTED', {
  namespace: 'eip155',
  address: ADDRESS_A,
  caipAddress: `eip155:1:${ADDRESS_A}`,
  allAccounts: [{ address: ADDRESS_A, type: 'eoa' }],
  connectedWalletInfo: { name: 'Test Wallet' },
})

describe('a public event from outside Airlock’s modules', () => {
  it('a raw CONNECT_SUCCESS reaches neither subscribeEvents nor the state; one warning names it', async () => {
    const { airlock, events, warnings } = await start()
    airlock._internal.dispatch(forged)
    expect(events.map((e) => e.type)).toEqual([])
    expect(airlock.getState().connection.status).toBe('disconnected')
    expect(airlock.getState().connection.connectedNamespaces).toEqual([])
    expect(warnings).toEqual(["Airlock: CONNECT_SUCCESS refused: public events come only from Airlock's modules"])
    airlock.destroy()
  })

  it('a function of the page’s own returning one is refused whole: nothing it returned is dispatched', async () => {
    const { airlock, events, warnings } = await start()
    airlock._internal.dispatch(() => [account, forged])
    expect(events).toEqual([])
    expect(airlock.getState().connection.status).toBe('disconnected')
    expect(airlock.getState().account.accounts.eip155.address).toBeFalsy()
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toContain('CONNECT_SUCCESS')
    airlock.destroy()
  })

  it('a plugin’s public event and TRANSACTION_SETTLED are refused the same way; an internal event still passes', async () => {
    const { airlock, events, warnings } = await start()
    airlock._internal.dispatch({ type: 'STATS_COUNTED', payload: { count: 1 } } as never)
    airlock._internal.dispatch(createEvent('TRANSACTION_SETTLED', { namespace: 'eip155', chainId: '1', hash: '0xab', kind: 'site' }))
    expect(events).toEqual([])
    expect(warnings.map((w) => w.split(' ')[1])).toEqual(['STATS_COUNTED', 'TRANSACTION_SETTLED'])
    airlock._internal.dispatch(account)
    expect(airlock.getState().account.accounts.eip155.address).toBe(ADDRESS_A)
    airlock.destroy()
  })

  it('the public instance has no dispatch, events$, modules() or decodeEvent', async () => {
    const { airlock } = await start()
    for (const member of ['dispatch', 'events$', 'modules', 'decodeEvent']) expect(member in airlock).toBe(false)
    airlock.destroy()
  })
})

describe('the modal’s and plugins’ commands still emit theirs', () => {
  it('choosing the wallet in Connect: SELECT_WALLET, then the real connection’s CONNECT_SUCCESS and MODAL_CLOSE', async () => {
    const { airlock, events, warnings } = await start()
    const connector = airlock.getState().connectors.allConnectors.find((c) => c.id === RDNS)!
    expect(connector).toBeDefined()
    await airlock.open()
    commandsOf(airlock).chooseConnectEntry({ kind: 'connector', key: connector.id, connector, installed: true })
    await until(() => airlock.getState().connection.status === 'connected')
    // The modal closes once connected (SPEC §2).
    expect(events.map((e) => e.type)).toEqual(['MODAL_OPEN', 'SELECT_WALLET', 'CONNECT_SUCCESS', 'MODAL_CLOSE'])
    expect(warnings).toEqual([])
    airlock.destroy()
  })

  it('a plugin’s command, by its module and name, emits the plugin’s public event', async () => {
    const { airlock, events, warnings } = await start()
    const commands = commandsOf(airlock) as Commands & { stats: { count(n: number): void } }
    commands.stats.count(3)
    expect(events.map(({ type, payload }) => ({ type, payload }))).toEqual([{ type: 'STATS_COUNTED', payload: { count: 3 } }])
    airlock._internal.run('stats', 'count', [4])
    airlock._internal.run('stats', 'nothing', [5])
    airlock._internal.run('nobody', 'count', [6])
    expect(events.map((e) => e.payload)).toEqual([{ count: 3 }, { count: 4 }])
    expect(warnings).toEqual([])
    airlock.destroy()
  })
})
