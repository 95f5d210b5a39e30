/** The receive plugin's strings, merged under its id (`receive.copy`). English is the fallback. */
export const en = {
  'titles.WalletReceive': 'Receive',
  action: 'Receive',
  intro: 'Send funds to this address on {network}.',
  qrLabel: 'QR code of your address on {network}',
  copy: 'Copy address',
  copied: 'Address copied',
  networks: 'Networks you can receive on',
  tokens: 'Tokens this site lists',
  token: 'Token {address} on {network}',
  notConnected: 'Connect a wallet to receive.',
}
