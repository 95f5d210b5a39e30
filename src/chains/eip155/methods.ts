/**
 * The eip155 wallet RPC methods and events (SPEC §6: account, sign, send, switch and add chain,
 * permissions, calls, assets), as a relay-protocol namespace asks for them.
 */
export const EIP155_METHODS: readonly string[] = [
  'eth_accounts',
  'eth_requestAccounts',
  'eth_chainId',
  'personal_sign',
  'eth_sign',
  'eth_signTypedData',
  'eth_signTypedData_v4',
  'eth_signTransaction',
  'eth_sendTransaction',
  'eth_sendRawTransaction',
  'wallet_switchEthereumChain',
  'wallet_addEthereumChain',
  'wallet_getPermissions',
  'wallet_requestPermissions',
  'wallet_revokePermissions',
  'wallet_grantPermissions',
  'wallet_getCapabilities',
  'wallet_sendCalls',
  'wallet_getCallsStatus',
  'wallet_showCallsStatus',
  'wallet_getAssets',
]

export const EIP155_EVENTS: readonly string[] = ['accountsChanged', 'chainChanged']
