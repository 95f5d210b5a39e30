/** The pay plugin's strings in Brazilian Portuguese, fetched only for such a page. */
import type { en } from '../strings'

const ptBR: typeof en = {
  'titles.Pay': 'Pagar',
  summary: 'Pagar {amount} {symbol}',
  recipient: 'Para',
  network: 'Rede',
  noPayment: 'Preparando o pagamento…',
  payFromWallet: 'Pagar com sua carteira',
  walletHint: 'Conecte uma carteira nesta rede para pagar com ela.',
  confirmInWallet: 'Confirme o pagamento na sua carteira…',
  withExchange: 'Pagar com uma corretora',
  exchangesLoading: 'Carregando corretoras…',
  exchangesNone: 'Nenhuma corretora paga este ativo nesta rede.',
  exchangesFailed: 'Não foi possível carregar as corretoras: {message}',
  opening: 'Abrindo {exchange}…',
  waiting: 'Conclua o pagamento na página da {exchange}. Esta tela se atualiza sozinha.',
  blocked: 'Seu navegador bloqueou a janela. Abra a página da corretora aqui:',
  blockedLink: 'Abrir {exchange}',
  sending: '{exchange} está enviando o pagamento…',
  succeeded: 'Pagamento concluído',
  transaction: 'Transação {hash}',
  failed: 'O pagamento falhou: {message}',
}

export default ptBR
