/** The socials plugin's strings in Brazilian Portuguese, fetched only for a page in that language. */
import type { en } from '../strings'

const ptBR: typeof en = {
  'titles.SocialLogin': 'Login social',
  'titles.ConnectingSocial': 'Continue na janela pop-up',
  'titles.ConnectingFarcaster': 'Entrar com Farcaster',
  continueWith: 'Continuar com {provider}',
  more: 'Mais opções',
  'provider.google': 'Google',
  'provider.github': 'GitHub',
  'provider.apple': 'Apple',
  'provider.facebook': 'Facebook',
  'provider.x': 'X',
  'provider.discord': 'Discord',
  'provider.farcaster': 'Farcaster',
  popup: 'Conclua o login com {provider} na janela que abriu.',
  connecting: 'Configurando sua carteira…',
  failed: 'O login com {provider} não foi concluído: {message}',
  retry: 'Tentar de novo',
  popupClosed: 'a janela de login foi fechada',
  popupBlocked: 'o navegador bloqueou a janela de login',
  farcasterScan: 'Escaneie com a câmera do celular ou abra o link no Farcaster.',
  farcasterQr: 'QR code para entrar com Farcaster',
  farcasterOpen: 'Abrir Farcaster',
  farcasterLoading: 'Preparando o link de login…',
  copyLink: 'Copiar link',
  copied: 'Link copiado',
}

export default ptBR
