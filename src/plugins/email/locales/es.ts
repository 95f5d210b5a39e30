/** The email plugin's strings in Spanish, fetched only for a page in that language. */
import type { en } from '../strings'

const es: typeof en = {
  'titles.EmailLogin': 'Correo electrónico',
  'titles.EmailVerifyOtp': 'Confirmar correo',
  'titles.EmailVerifyDevice': 'Registrar dispositivo',
  'titles.UpdateEmail': 'Cambiar correo',
  'titles.UpdateEmailOtp': 'Confirmar cambio',
  label: 'Correo electrónico',
  placeholder: 'tu@ejemplo.com',
  continue: 'Continuar',
  sending: 'Enviando…',
  invalidEmail: 'Introduce un correo electrónico válido',
  codeSent: 'Introduce el código que enviamos a {email}',
  code: 'Código',
  verify: 'Confirmar',
  verifying: 'Comprobando…',
  resend: 'Reenviar código',
  invalidCode: 'Introduce el código de 6 dígitos',
  deviceTitle: 'Aprueba este dispositivo',
  deviceSent: 'Enviamos un enlace a {email}. Ábrelo para aprobar este dispositivo; después recibirás el código.',
  waiting: 'Esperando la aprobación…',
  newEmail: 'Nuevo correo',
  primarySent: 'Introduce el código que enviamos a tu dirección actual, {email}',
  secondarySent: 'Introduce el código que enviamos a {email}',
  updated: 'Tu correo ahora es {email}.',
  done: 'Listo',
}

export default es
