/** The siwx plugin's strings in Spanish, fetched only for a page in that language. */
import type { en } from '../strings'

const es: typeof en = {
  'titles.SIWXSignMessage': 'Iniciar sesión',
  intro: '{name} te pide que inicies sesión con tu billetera.',
  explain: 'Firmar un mensaje demuestra que esta cuenta es tuya. No cuesta nada y no envía ninguna transacción.',
  account: 'Cuenta',
  siteIcon: 'Icono de {name}',
  thisSite: 'Este sitio',
  sign: 'Firmar',
  signing: 'Esperando a tu billetera…',
  cancel: 'Cancelar',
  'errors.declined': 'Firma rechazada',
  'errors.smartAccount': 'Es posible que esta aplicación no admita Smart Accounts',
  'errors.initialize': 'Se produjo un problema al iniciar la autenticación',
}

export default es
