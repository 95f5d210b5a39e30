/** The socials plugin's strings in Spanish, fetched only for a page in that language. */
import type { en } from '../strings'

const es: typeof en = {
  'titles.SocialLogin': 'Inicio de sesión social',
  'titles.ConnectingSocial': 'Continúa en la ventana emergente',
  'titles.ConnectingFarcaster': 'Iniciar sesión con Farcaster',
  continueWith: 'Continuar con {provider}',
  more: 'Más opciones',
  'provider.google': 'Google',
  'provider.github': 'GitHub',
  'provider.apple': 'Apple',
  'provider.facebook': 'Facebook',
  'provider.x': 'X',
  'provider.discord': 'Discord',
  'provider.farcaster': 'Farcaster',
  popup: 'Termina de iniciar sesión con {provider} en la ventana que se abrió.',
  connecting: 'Configurando tu billetera…',
  failed: 'No se completó el inicio de sesión con {provider}: {message}',
  retry: 'Reintentar',
  popupClosed: 'se cerró la ventana de inicio de sesión',
  popupBlocked: 'el navegador bloqueó la ventana de inicio de sesión',
  farcasterScan: 'Escanea con la cámara de tu teléfono o abre el enlace en Farcaster.',
  farcasterQr: 'Código QR para iniciar sesión con Farcaster',
  farcasterOpen: 'Abrir Farcaster',
  farcasterLoading: 'Preparando el enlace de inicio de sesión…',
  copyLink: 'Copiar enlace',
  copied: 'Enlace copiado',
}

export default es
