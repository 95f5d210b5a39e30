/** The siwx plugin's strings in German, fetched only for a German page. */
import type { en } from '../strings'

const de: typeof en = {
  'titles.SIWXSignMessage': 'Anmelden',
  intro: '{name} bittet dich, dich mit deiner Wallet anzumelden.',
  explain: 'Mit der Signatur einer Nachricht beweist du, dass dir dieses Konto gehört. Das kostet nichts und sendet keine Transaktion.',
  account: 'Konto',
  siteIcon: 'Symbol von {name}',
  thisSite: 'Diese Website',
  sign: 'Signieren',
  signing: 'Warte auf deine Wallet…',
  cancel: 'Abbrechen',
  'errors.declined': 'Signatur abgelehnt',
  'errors.smartAccount': 'Diese Anwendung unterstützt Smart Accounts möglicherweise nicht',
  'errors.initialize': 'Beim Starten der Anmeldung ist ein Problem aufgetreten',
}

export default de
