/** The names plugin's strings in Spanish, fetched only for a page in that language. */
import type { en } from '../strings'

const es: typeof en = {
  'titles.RegisterAccountName': 'Elige un nombre',
  'titles.RegisterAccountNameSuccess': 'Nombre registrado',
  action: 'Registrar nombre',
  intro: 'Elige un nombre para {address}. Otros podrán enviarte fondos a ese nombre en lugar de a tu dirección.',
  label: 'Nombre',
  'problems.short': 'Un nombre tiene al menos 4 caracteres',
  'problems.characters': 'Usa solo letras, números y guiones',
  checking: 'Comprobando {name}…',
  available: '{name} está disponible',
  taken: '{name} ya está registrado',
  suggestions: 'Nombres disponibles',
  register: 'Registrar',
  registering: 'Firma en tu billetera…',
  success: '{name} es tuyo',
  successDetail: 'Ahora es el nombre principal de {address}.',
  backToAccount: 'Volver a la cuenta',
  rejected: 'Rechazaste la firma en tu billetera.',
  'errors.suggestions': 'Error al obtener sugerencias de nombres',
  'errors.register': 'Error al registrar el nombre {name}',
  'errors.unsupportedChain': 'Red no compatible',
  'errors.noAccount': 'No se encontró la dirección o el conector de autenticación',
}

export default es
