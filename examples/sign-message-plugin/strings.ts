/**
 * The sign-message plugin's strings, merged under its id (`signMessage.sign`). English is required
 * and is the fallback; the host refuses the plugin if a label or a view title is missing from it.
 */
export const en = {
  'titles.SignMessage': 'Sign a message',
  action: 'Sign a message',
  intro: 'Ask your wallet to sign a short message. Signing is free and sends no transaction.',
  sign: 'Sign',
  signing: 'Confirm in your wallet…',
  verified: 'Signature verified',
  signer: 'Signer',
  message: 'Message',
  signature: 'Signature',
  'errors.notConnected': 'Connect a wallet first.',
  'errors.rejected': 'You declined the request in your wallet.',
  'errors.unverified': 'The signature does not match your address.',
  'errors.failed': 'Your wallet could not sign the message.',
}

/** Every English key has its German text (a test checks none is missing). */
export const de: Partial<typeof en> = {
  'titles.SignMessage': 'Nachricht signieren',
  action: 'Nachricht signieren',
  intro: 'Lass deine Wallet eine kurze Nachricht signieren. Das ist kostenlos und sendet keine Transaktion.',
  sign: 'Signieren',
  signing: 'Bestätige in deiner Wallet…',
  verified: 'Signatur geprüft',
  signer: 'Unterzeichner',
  message: 'Nachricht',
  signature: 'Signatur',
  'errors.notConnected': 'Verbinde zuerst eine Wallet.',
  'errors.rejected': 'Du hast die Anfrage in deiner Wallet abgelehnt.',
  'errors.unverified': 'Die Signatur passt nicht zu deiner Adresse.',
  'errors.failed': 'Deine Wallet konnte die Nachricht nicht signieren.',
}
