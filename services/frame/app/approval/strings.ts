/**
 * The approval view's strings (the frame's own table: the view is the frame's document, not the
 * modal's). English is the fallback; the locale comes from the frame's query (the modal's), else
 * the browser's language.
 */
export const en = {
  title: 'Approve request',
  requestedBy: '{site} asks your embedded wallet to:',
  'kind.signMessage': 'Sign a message',
  'kind.signTypedData': 'Sign structured data',
  'kind.sendTransaction': 'Send a transaction',
  'kind.sendCalls': 'Send a batch of calls',
  'kind.permissions': 'Change permissions',
  'kind.userOperation': 'Send a user operation',
  'kind.solanaMessage': 'Sign a Solana message',
  'kind.solanaTransaction': 'Sign a Solana transaction',
  'kind.switchChain': 'Switch to a network you have not used with this wallet',
  'line.message': 'Message',
  'line.from': 'From',
  'line.to': 'To',
  'line.amount': 'Amount',
  'line.contractCall': 'Contract call',
  'line.network': 'Network',
  'line.domain': 'App',
  'line.contract': 'Contract',
  'line.primaryType': 'Type',
  'line.field': '{name}',
  'line.call': 'Call {name}',
  'line.transaction': 'Transaction',
  'line.fee': 'Network fee',
  'line.token': 'Token',
  'line.tokenAmount': 'Token amount',
  feeEstimating: 'Estimating…',
  feeUnknown: 'Could not be estimated',
  more: '{count} more requests waiting',
  approve: 'Approve',
  reject: 'Reject',
  working: 'Working on it…',
  holdStill: 'Approve was not counted: the wallet must be in view and under your pointer for a moment first. Try again.',
  unverifiable:
    'This browser cannot confirm that this approval is fully visible (it lacks IntersectionObserver v2), so the wallet cannot approve here. Use a Chromium-based browser.',
}

export const de: typeof en = {
  title: 'Anfrage bestätigen',
  requestedBy: '{site} bittet deine eingebettete Wallet:',
  'kind.signMessage': 'Eine Nachricht signieren',
  'kind.signTypedData': 'Strukturierte Daten signieren',
  'kind.sendTransaction': 'Eine Transaktion senden',
  'kind.sendCalls': 'Mehrere Aufrufe senden',
  'kind.permissions': 'Berechtigungen ändern',
  'kind.userOperation': 'Eine User Operation senden',
  'kind.solanaMessage': 'Eine Solana-Nachricht signieren',
  'kind.solanaTransaction': 'Eine Solana-Transaktion signieren',
  'kind.switchChain': 'Zu einem Netzwerk wechseln, das du mit dieser Wallet noch nicht genutzt hast',
  'line.message': 'Nachricht',
  'line.from': 'Von',
  'line.to': 'An',
  'line.amount': 'Betrag',
  'line.contractCall': 'Vertragsaufruf',
  'line.network': 'Netzwerk',
  'line.domain': 'App',
  'line.contract': 'Vertrag',
  'line.primaryType': 'Typ',
  'line.field': '{name}',
  'line.call': 'Aufruf {name}',
  'line.transaction': 'Transaktion',
  'line.fee': 'Netzwerkgebühr',
  'line.token': 'Token',
  'line.tokenAmount': 'Token-Betrag',
  feeEstimating: 'Wird geschätzt…',
  feeUnknown: 'Nicht schätzbar',
  more: '{count} weitere Anfragen warten',
  approve: 'Bestätigen',
  reject: 'Ablehnen',
  working: 'Wird ausgeführt…',
  holdStill: 'Bestätigen wurde nicht gezählt: Die Wallet muss zuerst einen Moment sichtbar und unter deinem Zeiger sein. Versuche es erneut.',
  unverifiable:
    'Dieser Browser kann nicht bestätigen, dass diese Anfrage vollständig sichtbar ist (ihm fehlt IntersectionObserver v2), daher kann die Wallet hier nicht bestätigen. Nutze einen Chromium-basierten Browser.',
}

export type StringKey = keyof typeof en
export type Translate = (key: StringKey, values?: Readonly<Record<string, string | number>>) => string

const TABLES: Readonly<Record<string, typeof en>> = { en, de }

/** The table for `locale` (`de-AT` → `de`), English otherwise, with `{name}` placeholders filled. */
export function translator(locale: string | undefined): Translate {
  const table = TABLES[(locale ?? 'en').toLowerCase().split('-')[0] ?? 'en'] ?? en
  return (key, values = {}) => table[key].replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole))
}
