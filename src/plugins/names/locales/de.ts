/** The names plugin's strings in German, fetched only for a German page. */
import type { en } from '../strings'

const de: typeof en = {
  'titles.RegisterAccountName': 'Namen wählen',
  'titles.RegisterAccountNameSuccess': 'Name registriert',
  action: 'Namen registrieren',
  intro: 'Wähle einen Namen für {address}. Andere können an ihn statt an deine Adresse senden.',
  label: 'Name',
  'problems.short': 'Ein Name hat mindestens 4 Zeichen',
  'problems.characters': 'Nur Buchstaben, Ziffern und Bindestriche',
  checking: '{name} wird geprüft…',
  available: '{name} ist frei',
  taken: '{name} ist vergeben',
  suggestions: 'Freie Namen',
  register: 'Registrieren',
  registering: 'Bitte in deiner Wallet signieren…',
  success: '{name} gehört dir',
  successDetail: 'Er ist jetzt der Hauptname von {address}.',
  backToAccount: 'Zurück zum Konto',
  rejected: 'Du hast das Signieren in deiner Wallet abgelehnt.',
  'errors.suggestions': 'Fehler beim Abrufen der Namensvorschläge',
  'errors.register': 'Fehler beim Registrieren des Namens {name}',
  'errors.unsupportedChain': 'Netzwerk wird nicht unterstützt',
  'errors.noAccount': 'Adresse oder Auth-Connector nicht gefunden',
}

export default de
