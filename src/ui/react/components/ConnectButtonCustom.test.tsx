/**
 * `<ConnectButtonCustom>` (issue 28 §3, the buttons' render-prop form) over a real instance,
 * rendered to HTML: the render function gets the state the buttons show (the account, the network,
 * connecting, the strings table's labels) and actions that act on the instance.
 */
import { describe, expect, it } from 'vitest'
import { renderToStaticMarkup } from 'react-dom/server'
import { VirtualTimeScheduler } from 'rxjs'
import { createAirlock, ethereum } from '../../../index'
import { memoryStorage } from '../../../kernel/deps'
import type { AirlockInstance } from '../../../ports/instance'
import { AirlockProvider } from '../context'
import { ConnectButtonCustom, type ConnectButtonRenderProps } from './ConnectButtonCustom'

// Rendered as in the browser after hydration: the live state, not the server's.
const live = (airlock: AirlockInstance): AirlockInstance => ({ ...airlock, getServerState: airlock.getState })

function start(locale = 'en') {
  return createAirlock(
    { projectId: 'p', networks: [ethereum], disableAppend: true, locale },
    { deps: { storage: memoryStorage(), fetch: undefined, window: undefined, scheduler: new VirtualTimeScheduler(), logger: { warn() {}, error() {} } } },
  )
}

function render(airlock: AirlockInstance): { html: string; props: ConnectButtonRenderProps } {
  let props: ConnectButtonRenderProps | undefined
  const html = renderToStaticMarkup(
    <AirlockProvider airlock={live(airlock)}>
      <ConnectButtonCustom>
        {(state) => {
          props = state
          return (
            <a href="#connect" data-connecting={String(state.connecting)}>
              {state.account.isConnected ? state.account.address : state.labels.connect} on {state.network.caipNetwork?.name}
            </a>
          )
        }}
      </ConnectButtonCustom>
    </AirlockProvider>,
  )
  if (!props) throw new Error('the render function was not called')
  return { html, props }
}

describe('<ConnectButtonCustom> (the render-prop form of the buttons)', () => {
  it("renders the site's own markup with the disconnected state and the strings table's label, nothing of its own", () => {
    const { html, props } = render(start())
    expect(html).toBe('<a href="#connect" data-connecting="false">Connect wallet on Ethereum</a>')
    expect(props.account).toMatchObject({ isConnected: false, address: undefined, status: 'disconnected' })
    expect(props.network.caipNetworkId).toBe('eip155:1')
    expect(props.labels).toEqual({ connect: 'Connect wallet', connecting: 'Connecting…' })
  })

  it("hands actions that act on the instance: openConnect opens the modal, connect rejects an unknown wallet as the instance's connect does", async () => {
    const airlock = start()
    const { props } = render(airlock)
    props.openConnect()
    await Promise.resolve()
    expect(airlock.getState().router.open).toBe(true)
    props.openNetwork()
    await Promise.resolve()
    expect(airlock.getState().router.history.at(-1)?.view).toBe('SwitchNetwork')
    await expect(props.connect('not.there')).rejects.toThrow(/^Connector not found$/)
  })
})
