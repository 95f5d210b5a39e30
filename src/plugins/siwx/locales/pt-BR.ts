/** The siwx plugin's strings in Brazilian Portuguese, fetched only for a page in that language. */
import type { en } from '../strings'

const ptBR: typeof en = {
  'titles.SIWXSignMessage': 'Entrar',
  intro: '{name} pede que você entre com sua carteira.',
  explain: 'Assinar uma mensagem comprova que esta conta é sua. Não custa nada e não envia nenhuma transação.',
  account: 'Conta',
  siteIcon: 'Ícone de {name}',
  thisSite: 'Este site',
  sign: 'Assinar',
  signing: 'Aguardando sua carteira…',
  cancel: 'Cancelar',
  'errors.declined': 'Assinatura recusada',
  'errors.smartAccount': 'Este aplicativo pode não ser compatível com Smart Accounts',
  'errors.initialize': 'Ocorreu um problema ao iniciar a autenticação',
}

export default ptBR
