/** The pay plugin's strings in German, fetched only for a German page. */
import type { en } from '../strings'

const de: typeof en = {
  'titles.Pay': 'Bezahlen',
  summary: '{amount} {symbol} bezahlen',
  recipient: 'An',
  network: 'Netzwerk',
  noPayment: 'Zahlung wird vorbereitet…',
  payFromWallet: 'Mit deiner Wallet bezahlen',
  walletHint: 'Verbinde eine Wallet in diesem Netzwerk, um damit zu bezahlen.',
  confirmInWallet: 'Bestätige die Zahlung in deiner Wallet…',
  withExchange: 'Über eine Börse bezahlen',
  exchangesLoading: 'Börsen werden geladen…',
  exchangesNone: 'Keine Börse zahlt dieses Asset in diesem Netzwerk.',
  exchangesFailed: 'Die Börsen konnten nicht geladen werden: {message}',
  opening: '{exchange} wird geöffnet…',
  waiting: 'Schließe die Zahlung auf der Seite von {exchange} ab. Diese Ansicht aktualisiert sich von selbst.',
  blocked: 'Dein Browser hat das Fenster blockiert. Öffne die Seite der Börse hier:',
  blockedLink: '{exchange} öffnen',
  sending: '{exchange} sendet die Zahlung…',
  succeeded: 'Zahlung abgeschlossen',
  transaction: 'Transaktion {hash}',
  failed: 'Die Zahlung ist fehlgeschlagen: {message}',
}

export default de
