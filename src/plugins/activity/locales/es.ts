/** The activity plugin's strings in Spanish, fetched only for a page in that language. */
import type { en } from '../strings'

const es: typeof en = {
  'titles.AccountActivity': 'Actividad',
  tab: 'Actividad',
  list: 'Tu actividad',
  loading: 'Cargando actividad…',
  loadingMore: 'Cargando más…',
  loadMore: 'Cargar más',
  empty: 'Aún no hay actividad.',
  failed: 'No se pudieron obtener las transacciones',
  retry: 'Reintentar',
  'operation.send': 'Enviado',
  'operation.receive': 'Recibido',
  'operation.execute': 'Ejecutado',
  'operation.other': 'Transacción',
  'status.confirmed': 'Confirmada',
  'status.failed': 'Fallida',
  'status.pending': 'Pendiente',
  'status.other': 'Desconocido',
  to: 'A {address}',
  from: 'De {address}',
  amount: '{amount} {symbol}',
  moreTransfers: '+{count} más',
  nft: 'NFT',
}

export default es
