/**
 * SPEC §4 sign-in: "If an account exists, the network is supported and no stored session exists,
 * the SIWXSignMessage view opens." Whom it is for is `signInAccount`: the connected account on
 * the active network, and nobody while that network is one the site did not request (the wallet
 * moved to a chain the site does not serve), so no sign-in is asked there.
 */
import { describe, expect, it } from 'vitest'
import { createEvent } from '../../kernel/registry'
import { createTestKernel } from '../../testing/testKernel'
import { ethereum } from '../../core/networks/chains/ethereum'
import { polygon } from '../../core/networks/chains/polygon'
import { signInAccount } from './target'

const EVM = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

function connected() {
  const kernel = createTestKernel({ options: { projectId: 'p', networks: [ethereum, polygon] } })
  const caipAddress = `${ethereum.caipNetworkId}:${EVM}`
  kernel.dispatch(createEvent('CONNECT_SUCCESS', { method: 'browser', name: 'W', namespace: 'eip155', connectorId: 'injected', caipAddress }))
  kernel.dispatch(createEvent('CONNECTOR_ACTIVATED', { namespace: 'eip155', connectorId: 'injected' }))
  kernel.dispatch(createEvent('ACCOUNTS_CHANGED', { namespace: 'eip155', address: EVM, caipAddress, allAccounts: [{ address: EVM, type: 'eoa' }] }))
  return kernel
}

describe('whom the sign-in is for (SPEC §4: an account, on a supported network)', () => {
  it('nobody before an account exists', () => {
    expect(signInAccount(createTestKernel({ options: { projectId: 'p', networks: [ethereum] } }).getState())).toBeNull()
  })

  it('the connected account on a network the site requested', () => {
    const kernel = connected()
    expect(signInAccount(kernel.getState())).toBe(`${ethereum.caipNetworkId}:${EVM}`)
    kernel.dispatch(createEvent('NETWORK_SWITCHED', { caipNetworkId: polygon.caipNetworkId }))
    expect(signInAccount(kernel.getState())).toBe(`${polygon.caipNetworkId}:${EVM}`)
  })

  it('nobody while the wallet is on a network the site did not request', () => {
    const kernel = connected()
    kernel.dispatch(createEvent('NETWORK_UNSUPPORTED', { namespace: 'eip155', chainId: 8453 }))
    expect(kernel.getState().networks.unsupportedNetwork).not.toBeNull()
    expect(signInAccount(kernel.getState())).toBeNull()
  })
})
