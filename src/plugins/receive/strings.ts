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

/** Every English key has its German text. */
export const de: Partial<typeof en> = {
  'titles.WalletReceive': 'Empfangen',
  action: 'Empfangen',
  intro: 'Sende Guthaben an diese Adresse auf {network}.',
  qrLabel: 'QR-Code deiner Adresse auf {network}',
  copy: 'Adresse kopieren',
  copied: 'Adresse kopiert',
  networks: 'Netzwerke, auf denen du empfangen kannst',
  tokens: 'Tokens, die diese Seite anzeigt',
  token: 'Token {address} auf {network}',
  notConnected: 'Verbinde eine Wallet, um zu empfangen.',
}
