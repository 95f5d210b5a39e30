/** The bip122 (Bitcoin) wallet RPC methods and events (SPEC §6), as a relay-protocol namespace asks for them. */
export const BIP122_METHODS: readonly string[] = ['sendTransfer', 'signMessage', 'signPsbt', 'getAccountAddresses']

export const BIP122_EVENTS: readonly string[] = ['bip122_addressesChanged']
