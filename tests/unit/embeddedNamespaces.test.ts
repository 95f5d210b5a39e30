/**
 * The embedded wallet is a connector on the namespaces its frame says it serves (issue 26 §3: its
 * READY, src/embedded/protocol.ts), of those the site configured: not on a list of the page's own.
 * A real instance with the built-in embedded-wallet plugin; its `embedded` port is the one thing
 * given here (`setup.ports`), a port whose frame says what each test makes it say, as the real
 * port passes on the frame's READY (src/embedded/frameHost.test.ts reads that message).
 */
import { afterEach, describe, expect, it } from 'vitest'
import { BehaviorSubject } from 'rxjs'
import { bitcoin, createAirlock, ethereum, solana, type AirlockInstance } from '../../src/index'
import { memoryStorage } from '../../src/kernel/deps'
import { unavailableEmbeddedWallet } from '../../src/embedded/port'
import { AUTH_CONNECTOR_ID } from '../../src/embedded/connector'

const running: AirlockInstance[] = []
afterEach(() => running.splice(0).forEach((airlock) => airlock.destroy()))

async function start() {
  const served$ = new BehaviorSubject<readonly string[]>([])
  const airlock = createAirlock(
    {
      projectId: 'p-1',
      disableAppend: true,
      networks: [ethereum, solana, bitcoin],
      features: { email: true },
      apiUrls: { config: 'http://127.0.0.1:9/api', secureSite: 'https://frame.example' },
    },
    {
      deps: { storage: memoryStorage(), fetch: undefined, logger: { warn: () => undefined, error: () => undefined } },
      ports: { embedded: { ...unavailableEmbeddedWallet(), namespaces$: served$ } },
    },
  )
  running.push(airlock)
  await airlock.ready()
  await until(() => airlock.getState().contributions.modules.some((m) => m.id === 'embeddedWallet'))
  const auth = () =>
    airlock
      .getState()
      .connectors.allConnectors.filter((connector) => connector.id === AUTH_CONNECTOR_ID)
      .map((connector) => `${connector.type}:${connector.chain}`)
  return { airlock, served$, auth }
}

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 10))
  expect(condition()).toBe(true)
}

describe("the embedded wallet's namespaces come from its frame", () => {
  it('none before the frame has said; then the ones it serves that the site configured', async () => {
    const { served$, auth } = await start()
    expect(auth()).toEqual([])
    served$.next(['eip155'])
    expect(auth()).toEqual(['AUTH:eip155'])
  })

  it('a frame serving EVM and Solana: both, as before', async () => {
    const { served$, auth } = await start()
    served$.next(['eip155', 'solana'])
    expect(auth()).toEqual(['AUTH:eip155', 'AUTH:solana'])
  })

  it('a namespace the page never listed for it (bip122) is added when the frame serves it; one the page does not know is not', async () => {
    const { served$, auth } = await start()
    served$.next(['bip122', 'tron', 'eip155'])
    expect(auth()).toEqual(['AUTH:bip122', 'AUTH:eip155'])
  })
})
