import { describe, expect, it } from 'vitest'
import { createKernel } from '../../kernel/kernel'
import { defaultDeps, memoryStorage } from '../../kernel/deps'
import { createEvent } from '../../kernel/registry'
import type { ResolvedOptions } from '../../events/shapes/options'
import { accountModule } from './module'
import { initialAccountState } from './state'

function start() {
  return createKernel({ modules: [accountModule], deps: defaultDeps({ storage: memoryStorage() }) })
}

const address = '0x52908400098527886E0F7030069857D2E4169EE7'
const caipAddress = `eip155:1:${address}`

const connected = () =>
  createEvent('ACCOUNT_CONNECTED', {
    namespace: 'eip155',
    address,
    caipAddress,
    allAccounts: [{ address, type: 'eoa' }],
    connectedWalletInfo: { name: 'Demo Wallet' },
  })
const solanaAccount = createEvent('ACCOUNTS_CHANGED', {
  namespace: 'solana',
  address: 'So1',
  caipAddress: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:So1',
  allAccounts: [{ address: 'So1', type: 'eoa' }],
})

/**
 * The data part of options as createAirlock resolves them. Only defaultAccountTypes,
 * defaultNetwork and networks matter here; the rest is a plain valid value.
 */
function options(defaultNetwork: string | null = null): ResolvedOptions {
  return {
    projectId: 'p',
    networks: [],
    defaultNetwork,
    features: {
      email: true,
      socials: false,
      swaps: false,
      onramp: false,
      activity: false,
      receive: true,
      send: true,
      analytics: true,
      allWallets: true,
      legalCheckbox: false,
      smartSessions: false,
      collapseWallets: false,
      pay: false,
      names: false,
      siwx: false,
    },
    configuredRemoteFeatures: {},
    defaultAccountTypes: { eip155: 'smartAccount', solana: 'eoa', bip122: 'payment', polkadot: 'eoa', cosmos: 'eoa' },
    enableNetworkSwitch: true,
    allowUnsupportedChain: false,
    excludeWalletIds: [],
    includeWalletIds: [],
    featuredWalletIds: [],
    customWallets: [],
    enableEIP6963: true,
    enableInjected: true,
    enableWalletConnect: true,
    enableEmbedded: true,
    disableAppend: false,
    metadata: null,
    termsConditionsUrl: null,
    privacyPolicyUrl: null,
    siwx: null,
    connectMethodsOrder: null,
    walletFeaturesOrder: ['onramp', 'swaps', 'receive', 'send'],
    collapseWallets: false,
    connectorTypeOrder: ['walletConnect', 'recent', 'injected', 'featured', 'custom', 'external', 'recommended'],
    allWallets: 'SHOW',
    tokens: {},
    customRpcUrls: {},
    themeMode: 'dark',
    themeVariables: {},
    locale: 'en',
    apiUrls: { config: 'c', blockchain: 'b', rpc: 'r', relay: 'w', secureSite: 's' },
    logLimit: 10_000,
    remoteFeatureKeys: {},
    pluginOptions: {},
  }
}

describe('account reducer', () => {
  it('every namespace starts with the initial account fields, no tab chosen (SPEC §3 currentTab 0: the first) and no token balances (SPEC §3 account state)', () => {
    const state = start().getState().account
    for (const account of Object.values(state.accounts)) {
      expect(account).toBe(initialAccountState)
    }
    expect(initialAccountState.currentTab).toBeNull()
    expect(initialAccountState.tokenBalance).toEqual([])
    expect(initialAccountState.smartAccountDeployed).toBe(false)
    expect(initialAccountState.status).toBe('disconnected')
    expect('socialWindow' in initialAccountState).toBe(false)
  })

  it('ACCOUNT_CONNECTED records the wallet, its accounts and the active one as connected (SPEC §3 account state)', () => {
    const kernel = start()
    kernel.dispatch(connected())
    expect(kernel.getState().account.accounts.eip155).toMatchObject({
      address,
      caipAddress,
      allAccounts: [{ address, type: 'eoa' }],
      connectedWalletInfo: { name: 'Demo Wallet' },
      status: 'connected',
    })
    expect(kernel.getState().account.accounts.solana).toBe(initialAccountState)
  })

  it('ACCOUNTS_CHANGED moves to the first account of the list, and an empty list leaves no account (SPEC §4 switch account)', () => {
    const kernel = start()
    kernel.dispatch(connected())
    kernel.dispatch(
      createEvent('ACCOUNTS_CHANGED', { namespace: 'eip155', address: '0x2', caipAddress: 'eip155:1:0x2', allAccounts: [{ address: '0x2', type: 'eoa' }] }),
    )
    expect(kernel.getState().account.accounts.eip155).toMatchObject({
      address: '0x2',
      caipAddress: 'eip155:1:0x2',
      connectedWalletInfo: { name: 'Demo Wallet' },
      status: 'connected',
    })
    kernel.dispatch(createEvent('ACCOUNTS_CHANGED', { namespace: 'eip155', address: null, caipAddress: null, allAccounts: [] }))
    expect(kernel.getState().account.accounts.eip155).toMatchObject({ address: null, caipAddress: null, allAccounts: [], status: 'disconnected' })
  })

  it('BALANCE_UPDATED sets the balance and its symbol; BALANCE_CLEARED drops the amount and keeps a symbol (SPEC §3)', () => {
    const kernel = start()
    kernel.dispatch(createEvent('BALANCE_UPDATED', { namespace: 'eip155', balance: '1.5', symbol: 'ETH' }))
    expect(kernel.getState().account.accounts.eip155).toMatchObject({ balance: '1.5', balanceSymbol: 'ETH' })
    kernel.dispatch(createEvent('BALANCE_CLEARED', { namespace: 'eip155', symbol: 'POL' }))
    expect(kernel.getState().account.accounts.eip155).toMatchObject({ balance: null, balanceSymbol: 'POL' })
  })

  it('PROFILE_RESOLVED sets the name and image, null clearing them (SPEC §4 identity sync)', () => {
    const kernel = start()
    kernel.dispatch(createEvent('PROFILE_RESOLVED', { namespace: 'eip155', name: 'ada.eth', image: 'https://x/y.png' }))
    expect(kernel.getState().account.accounts.eip155).toMatchObject({ profileName: 'ada.eth', profileImage: 'https://x/y.png' })
    kernel.dispatch(createEvent('PROFILE_RESOLVED', { namespace: 'eip155', name: null, image: null }))
    expect(kernel.getState().account.accounts.eip155).toMatchObject({ profileName: null, profileImage: null })
  })

  it("the account's CAIP-10 address follows NETWORK_SWITCHED and NETWORK_UNSUPPORTED in its namespace only (SPEC §4)", () => {
    const kernel = start()
    kernel.dispatch(connected())
    kernel.dispatch(createEvent('NETWORK_SWITCHED', { caipNetworkId: 'eip155:137' }))
    expect(kernel.getState().account.accounts.eip155.caipAddress).toBe(`eip155:137:${address}`)
    kernel.dispatch(createEvent('NETWORK_UNSUPPORTED', { namespace: 'eip155', chainId: 5 }))
    expect(kernel.getState().account.accounts.eip155.caipAddress).toBe(`eip155:5:${address}`)
    kernel.dispatch(createEvent('NETWORK_SWITCHED', { caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' }))
    expect(kernel.getState().account.accounts.eip155.caipAddress).toBe(`eip155:5:${address}`)
    // No account, no address to carry.
    expect(kernel.getState().account.accounts.solana).toBe(initialAccountState)
  })

  it('an event carrying the values already held keeps the same slice (kernel contract)', () => {
    const kernel = start()
    kernel.dispatch(connected())
    kernel.dispatch(createEvent('BALANCE_UPDATED', { namespace: 'eip155', balance: '1', symbol: 'ETH' }))
    kernel.dispatch(createEvent('NETWORK_SWITCHED', { caipNetworkId: 'eip155:1' }))
    const before = kernel.getState().account
    kernel.dispatch(connected())
    kernel.dispatch(createEvent('BALANCE_UPDATED', { namespace: 'eip155', balance: '1', symbol: 'ETH' }))
    kernel.dispatch(createEvent('NETWORK_SWITCHED', { caipNetworkId: 'eip155:1' }))
    kernel.dispatch(createEvent('MODAL_CLOSE', { connected: true }))
    expect(kernel.getState().account).toBe(before)
  })

  it('reset clears all account fields of its namespace, or of every one when null (SPEC §4 reset)', () => {
    const kernel = start()
    kernel.dispatch(connected())
    kernel.dispatch(createEvent('BALANCE_UPDATED', { namespace: 'eip155', balance: '1', symbol: 'ETH' }))
    kernel.dispatch(solanaAccount)
    kernel.dispatch(createEvent('CONNECTION_RESET', { namespace: 'eip155' }))
    expect(kernel.getState().account.accounts.eip155).toBe(initialAccountState)
    expect(kernel.getState().account.accounts.solana.address).toBe('So1')
    kernel.dispatch(createEvent('CONNECTION_RESET', { namespace: null }))
    expect(kernel.getState().account.accounts.solana).toBe(initialAccountState)
  })

  it('ACCOUNT_TAB_SELECTED keeps the chosen tab of its namespace only; the same tab again keeps the same slice (SPEC §3 currentTab)', () => {
    const kernel = start()
    const activity = { moduleId: 'history', id: 'activity' }
    kernel.dispatch(createEvent('ACCOUNT_TAB_SELECTED', { namespace: 'eip155', tab: activity }))
    expect(kernel.getState().account.accounts.eip155.currentTab).toEqual(activity)
    expect(kernel.getState().account.accounts.solana).toBe(initialAccountState)
    const before = kernel.getState().account
    kernel.dispatch(createEvent('ACCOUNT_TAB_SELECTED', { namespace: 'eip155', tab: { ...activity } }))
    expect(kernel.getState().account).toBe(before)
    // The same id from another plugin is another tab.
    kernel.dispatch(createEvent('ACCOUNT_TAB_SELECTED', { namespace: 'eip155', tab: { moduleId: 'stats', id: 'activity' } }))
    expect(kernel.getState().account.accounts.eip155.currentTab).toEqual({ moduleId: 'stats', id: 'activity' })
  })

  it('the chosen tab outlives a network or account switch, and a reset or disconnect clears it (SPEC §4 reset)', () => {
    const kernel = start()
    const activity = { moduleId: 'history', id: 'activity' }
    kernel.dispatch(connected())
    kernel.dispatch(createEvent('ACCOUNT_TAB_SELECTED', { namespace: 'eip155', tab: activity }))
    kernel.dispatch(createEvent('NETWORK_SWITCHED', { caipNetworkId: 'eip155:137' }))
    kernel.dispatch(
      createEvent('ACCOUNTS_CHANGED', { namespace: 'eip155', address: '0x2', caipAddress: 'eip155:137:0x2', allAccounts: [{ address: '0x2', type: 'eoa' }] }),
    )
    expect(kernel.getState().account.accounts.eip155.currentTab).toEqual(activity)
    kernel.dispatch(createEvent('DISCONNECT_SUCCESS', { namespace: 'eip155' }))
    expect(kernel.getState().account.accounts.eip155.currentTab).toBeNull()
    kernel.dispatch(createEvent('ACCOUNT_TAB_SELECTED', { namespace: 'solana', tab: activity }))
    kernel.dispatch(createEvent('CONNECTION_RESET', { namespace: null }))
    expect(kernel.getState().account.accounts.solana).toBe(initialAccountState)
  })

  it('a disconnect clears the account of its namespace (SPEC §4)', () => {
    const kernel = start()
    kernel.dispatch(solanaAccount)
    kernel.dispatch(createEvent('DISCONNECT_SUCCESS', { namespace: 'solana' }))
    expect(kernel.getState().account.accounts.solana).toBe(initialAccountState)
  })

  it('the preferred account types outlive a reset (SPEC §3 browser storage: preferred account types)', () => {
    const kernel = start()
    kernel.dispatch(createEvent('SET_PREFERRED_ACCOUNT_TYPE', { namespace: 'eip155', accountType: 'eoa', network: 'eip155:1' }))
    kernel.dispatch(createEvent('CONNECTION_RESET', { namespace: null }))
    expect(kernel.getState().account.preferredAccountTypes).toEqual({ eip155: 'eoa' })
  })

  it('options give the default account types and the first active namespace (SPEC §9 default account types)', () => {
    const kernel = start()
    kernel.dispatch(createEvent('OPTIONS_INITIALIZED', { options: options('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp') }))
    const state = kernel.getState().account
    expect(state.defaultAccountTypes).toEqual({ eip155: 'smartAccount', solana: 'eoa', bip122: 'payment', polkadot: 'eoa', cosmos: 'eoa' })
    expect(state.activeNamespace).toBe('solana')
  })

  it('stored preferred account types and active namespace apply at start (SPEC §3 browser storage)', () => {
    const kernel = start()
    kernel.dispatch(createEvent('OPTIONS_INITIALIZED', { options: options() }))
    kernel.dispatch(createEvent('STORAGE_HYDRATED', { values: { preferredAccountTypes: { eip155: 'eoa' }, activeNamespace: 'bip122' } }))
    expect(kernel.getState().account.preferredAccountTypes).toEqual({ eip155: 'eoa' })
    expect(kernel.getState().account.activeNamespace).toBe('bip122')
  })

  it('a network switch makes its namespace (the part before the first colon) active (SPEC §4 switch network)', () => {
    const kernel = start()
    kernel.dispatch(createEvent('NETWORK_SWITCHED', { caipNetworkId: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1' }))
    expect(kernel.getState().account.activeNamespace).toBe('solana')
    const before = kernel.getState().account
    kernel.dispatch(createEvent('NETWORK_SWITCHED', { caipNetworkId: 'tron:0x2b6653dc' }))
    expect(kernel.getState().account).toBe(before)
  })

  it('a preferred account type change sets loading, then the new type, then ends loading (SPEC §4 steps 1, 3, 5)', () => {
    const kernel = start()
    kernel.dispatch(createEvent('PREFERRED_ACCOUNT_TYPE_REQUESTED', { namespace: 'eip155', accountType: 'smartAccount' }))
    expect(kernel.getState().account.pendingAccountType).toEqual({ namespace: 'eip155', accountType: 'smartAccount' })
    kernel.dispatch(createEvent('PREFERRED_ACCOUNT_TYPE_STORED', { namespace: 'eip155', accountType: 'smartAccount' }))
    expect(kernel.getState().account.preferredAccountTypes.eip155).toBe('smartAccount')
    kernel.dispatch(createEvent('SET_PREFERRED_ACCOUNT_TYPE', { namespace: 'eip155', accountType: 'smartAccount', network: 'eip155:1' }))
    expect(kernel.getState().account.pendingAccountType).toBeNull()
    expect(kernel.getState().account.preferredAccountTypes.eip155).toBe('smartAccount')
  })

  it('a failed preferred account type change falls back to EOA and ends loading (SPEC §4)', () => {
    const kernel = start()
    kernel.dispatch(createEvent('SET_PREFERRED_ACCOUNT_TYPE', { namespace: 'eip155', accountType: 'smartAccount', network: null }))
    kernel.dispatch(createEvent('PREFERRED_ACCOUNT_TYPE_REQUESTED', { namespace: 'eip155', accountType: 'smartAccount' }))
    kernel.dispatch(createEvent('PREFERRED_ACCOUNT_TYPE_FAILED', { namespace: 'eip155', message: 'frame timed out' }))
    expect(kernel.getState().account.preferredAccountTypes.eip155).toBe('eoa')
    expect(kernel.getState().account.pendingAccountType).toBeNull()
  })

  it('folding the log gives the live state (DESIGN: the log is the truth)', () => {
    const kernel = start()
    kernel.dispatch(createEvent('OPTIONS_INITIALIZED', { options: options() }))
    kernel.dispatch(connected())
    kernel.dispatch(createEvent('NETWORK_SWITCHED', { caipNetworkId: 'eip155:10' }))
    kernel.dispatch(createEvent('PREFERRED_ACCOUNT_TYPE_FAILED', { namespace: 'solana', message: 'x' }))
    kernel.dispatch(createEvent('ACCOUNT_TAB_SELECTED', { namespace: 'eip155', tab: { moduleId: 'history', id: 'activity' } }))
    expect(kernel.replay().account).toEqual(kernel.getState().account)
  })
})
