/** The socials plugin's strings in German, fetched only for a German page. */
import type { en } from '../strings'

const de: typeof en = {
  'titles.SocialLogin': 'Social Login',
  'titles.ConnectingSocial': 'Im Pop-up fortfahren',
  'titles.ConnectingFarcaster': 'Mit Farcaster anmelden',
  continueWith: 'Weiter mit {provider}',
  more: 'Weitere Optionen',
  'provider.google': 'Google',
  'provider.github': 'GitHub',
  'provider.apple': 'Apple',
  'provider.facebook': 'Facebook',
  'provider.x': 'X',
  'provider.discord': 'Discord',
  'provider.farcaster': 'Farcaster',
  popup: 'Schließe die Anmeldung mit {provider} im geöffneten Fenster ab.',
  connecting: 'Deine Wallet wird eingerichtet…',
  failed: 'Die Anmeldung mit {provider} wurde nicht abgeschlossen: {message}',
  retry: 'Erneut versuchen',
  popupClosed: 'das Anmeldefenster wurde geschlossen',
  popupBlocked: 'der Browser hat das Anmeldefenster blockiert',
  farcasterScan: 'Scanne mit der Kamera deines Telefons oder öffne den Link in Farcaster.',
  farcasterQr: 'QR-Code für die Anmeldung mit Farcaster',
  farcasterOpen: 'Farcaster öffnen',
  farcasterLoading: 'Der Anmeldelink wird vorbereitet…',
  copyLink: 'Link kopieren',
  copied: 'Link kopiert',
}

export default de
