/** The email plugin's strings in German, fetched only for a German page. */
import type { en } from '../strings'

const de: typeof en = {
  'titles.EmailLogin': 'E-Mail',
  'titles.EmailVerifyOtp': 'E-Mail bestätigen',
  'titles.EmailVerifyDevice': 'Gerät registrieren',
  'titles.UpdateEmail': 'E-Mail ändern',
  'titles.UpdateEmailOtp': 'Änderung bestätigen',
  label: 'E-Mail',
  placeholder: 'du@beispiel.de',
  continue: 'Weiter',
  sending: 'Wird gesendet…',
  invalidEmail: 'Gib eine gültige E-Mail-Adresse ein',
  codeSent: 'Gib den Code ein, den wir an {email} geschickt haben',
  code: 'Code',
  verify: 'Bestätigen',
  verifying: 'Wird geprüft…',
  resend: 'Code erneut senden',
  invalidCode: 'Gib den 6-stelligen Code ein',
  deviceTitle: 'Dieses Gerät bestätigen',
  deviceSent: 'Wir haben einen Link an {email} geschickt. Öffne ihn, um dieses Gerät zu bestätigen; danach kommt der Code.',
  waiting: 'Warte auf die Bestätigung…',
  newEmail: 'Neue E-Mail',
  primarySent: 'Gib den Code ein, den wir an deine bisherige Adresse {email} geschickt haben',
  secondarySent: 'Gib den Code ein, den wir an {email} geschickt haben',
  updated: 'Deine E-Mail ist jetzt {email}.',
  done: 'Fertig',
}

export default de
