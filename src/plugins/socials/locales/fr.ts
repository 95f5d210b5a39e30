/** The socials plugin's strings in French, fetched only for a page in that language. */
import type { en } from '../strings'

const fr: typeof en = {
  'titles.SocialLogin': 'Connexion via réseau social',
  'titles.ConnectingSocial': 'Continuez dans la fenêtre',
  'titles.ConnectingFarcaster': 'Se connecter avec Farcaster',
  continueWith: 'Continuer avec {provider}',
  more: 'Plus d’options',
  'provider.google': 'Google',
  'provider.github': 'GitHub',
  'provider.apple': 'Apple',
  'provider.facebook': 'Facebook',
  'provider.x': 'X',
  'provider.discord': 'Discord',
  'provider.farcaster': 'Farcaster',
  popup: 'Terminez la connexion avec {provider} dans la fenêtre qui s’est ouverte.',
  connecting: 'Configuration de votre portefeuille…',
  failed: 'La connexion avec {provider} n’a pas abouti\u00a0: {message}',
  retry: 'Réessayer',
  popupClosed: 'la fenêtre de connexion a été fermée',
  popupBlocked: 'le navigateur a bloqué la fenêtre de connexion',
  farcasterScan: 'Scannez avec l’appareil photo de votre téléphone, ou ouvrez le lien dans Farcaster.',
  farcasterQr: 'QR code pour se connecter avec Farcaster',
  farcasterOpen: 'Ouvrir Farcaster',
  farcasterLoading: 'Préparation du lien de connexion…',
  copyLink: 'Copier le lien',
  copied: 'Lien copié',
}

export default fr
