import type { AirlockInstance } from '../../ports/instance'
/**
 * ConnectingExternal over a real instance, rendered to HTML (no browser): the view shows the
 * connection slice's answer to the request for its connector (selectConnectPhase), so a visit
 * waits until its own request is answered, and an older request's refusal never shows for it.
 */
import { describe, expect, it } from 'vitest'
import { renderToStaticMarkup } from 'react-dom/server'
import { createEvent } from '../../kernel/registry'
import type { Connector } from '../../events/shapes/connector'
import { driverInstance } from '../../../tests/support/driverInstance'
import { AirlockProvider } from '../react/context'
import { ConnectingExternalView } from './ConnectingExternalView'

// Rendered to HTML as the modal renders in the browser (never hydrated): the live state, not the server's.
const live = (airlock: AirlockInstance): AirlockInstance => ({ ...airlock, getServerState: airlock.getState })

const metaMask: Connector = { id: 'io.metamask', name: 'MetaMask', type: 'EXTERNAL', chain: 'eip155' }
const rabby: Connector = { id: 'io.rabby', name: 'Rabby', type: 'EXTERNAL', chain: 'eip155' }

async function instance() {
  const { airlock, emit } = driverInstance()
  await airlock.ready()
  airlock._internal.dispatch(createEvent('CONNECTORS_ADDED', { connectors: [metaMask, rabby] }))
  await airlock.open()
  // The wallet's answers (public events) come through a plugin: the instance refuses them from outside its modules.
  return Object.assign(airlock, { answer: emit })
}

type Airlock = Awaited<ReturnType<typeof instance>>

const html = (airlock: Airlock) =>
  renderToStaticMarkup(
    <AirlockProvider airlock={live(airlock)}>
      <ConnectingExternalView />
    </AirlockProvider>,
  )

/** What choosing the connector in Connect does: the view for it, and its request. */
const choose = (airlock: Airlock, connector: Connector) =>
  airlock._internal.run('contributions', 'chooseConnectEntry', [{ kind: 'connector', key: connector.id, connector, installed: false }])

describe('ConnectingExternal shows the answer to its own request (SPEC §2, §8 4001)', () => {
  it('pending, then declined (USER_REJECTED) or failed (CONNECT_ERROR); a retry waits again', async () => {
    const airlock = await instance()
    choose(airlock, metaMask)
    expect(html(airlock)).toContain('Continue in MetaMask')
    airlock.answer(createEvent('USER_REJECTED', { message: 'User rejected the request.' }))
    expect(html(airlock)).toContain('Connection declined')
    expect(html(airlock)).toContain('Try again')
    // Retry is the connect command: a new request, pending until answered.
    airlock._internal.dispatch(createEvent('CONNECT_REQUESTED', { connectorId: metaMask.id }))
    expect(html(airlock)).toContain('Continue in MetaMask')
    airlock.answer(createEvent('CONNECT_ERROR', { message: 'Internal error' }))
    expect(html(airlock)).toContain('Connection failed')
    airlock.destroy()
  })

  it('an older refusal never shows on a later visit, for another connector or the same one', async () => {
    const airlock = await instance()
    choose(airlock, metaMask)
    airlock.answer(createEvent('USER_REJECTED', { message: 'User rejected the request.' }))
    airlock._internal.dispatch(createEvent('ROUTER_BACK', {}))
    choose(airlock, rabby)
    expect(html(airlock)).toContain('Continue in Rabby')
    expect(html(airlock)).not.toContain('declined')
    airlock._internal.dispatch(createEvent('ROUTER_BACK', {}))
    choose(airlock, metaMask)
    expect(html(airlock)).toContain('Continue in MetaMask')
    expect(html(airlock)).not.toContain('declined')
    airlock.destroy()
  })
})
