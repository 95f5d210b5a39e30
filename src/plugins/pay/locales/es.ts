/** The pay plugin's strings in Spanish, fetched only for a Spanish page. */
import type { en } from '../strings'

const es: typeof en = {
  'titles.Pay': 'Pagar',
  summary: 'Pagar {amount} {symbol}',
  recipient: 'A',
  network: 'Red',
  noPayment: 'Preparando el pago…',
  payFromWallet: 'Pagar desde tu billetera',
  walletHint: 'Conecta una billetera en esta red para pagar con ella.',
  confirmInWallet: 'Confirma el pago en tu billetera…',
  withExchange: 'Pagar con un exchange',
  exchangesLoading: 'Cargando exchanges…',
  exchangesNone: 'Ningún exchange paga este activo en esta red.',
  exchangesFailed: 'No se pudieron cargar los exchanges: {message}',
  opening: 'Abriendo {exchange}…',
  waiting: 'Completa el pago en la página de {exchange}. Esta vista se actualiza sola.',
  blocked: 'Tu navegador bloqueó la ventana. Abre la página del exchange aquí:',
  blockedLink: 'Abrir {exchange}',
  sending: '{exchange} está enviando el pago…',
  succeeded: 'Pago completado',
  transaction: 'Transacción {hash}',
  failed: 'El pago falló: {message}',
}

export default es
