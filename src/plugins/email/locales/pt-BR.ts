/** The email plugin's strings in Brazilian Portuguese, fetched only for a page in that language. */
import type { en } from '../strings'

const ptBR: typeof en = {
  'titles.EmailLogin': 'E-mail',
  'titles.EmailVerifyOtp': 'Confirmar e-mail',
  'titles.EmailVerifyDevice': 'Registrar dispositivo',
  'titles.UpdateEmail': 'Alterar e-mail',
  'titles.UpdateEmailOtp': 'Confirmar alteração',
  label: 'E-mail',
  placeholder: 'voce@exemplo.com.br',
  continue: 'Continuar',
  sending: 'Enviando…',
  invalidEmail: 'Digite um endereço de e-mail válido',
  codeSent: 'Digite o código que enviamos para {email}',
  code: 'Código',
  verify: 'Confirmar',
  verifying: 'Verificando…',
  resend: 'Reenviar código',
  invalidCode: 'Digite o código de 6 dígitos',
  deviceTitle: 'Aprove este dispositivo',
  deviceSent: 'Enviamos um link para {email}. Abra-o para aprovar este dispositivo; o código vem em seguida.',
  waiting: 'Aguardando a aprovação…',
  newEmail: 'Novo e-mail',
  primarySent: 'Digite o código que enviamos para seu endereço atual, {email}',
  secondarySent: 'Digite o código que enviamos para {email}',
  updated: 'Seu e-mail agora é {email}.',
  done: 'Concluído',
}

export default ptBR
