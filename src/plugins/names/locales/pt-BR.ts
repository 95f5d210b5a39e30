/** The names plugin's strings in Brazilian Portuguese, fetched only for a page in that language. */
import type { en } from '../strings'

const ptBR: typeof en = {
  'titles.RegisterAccountName': 'Escolha um nome',
  'titles.RegisterAccountNameSuccess': 'Nome registrado',
  action: 'Registrar nome',
  intro: 'Escolha um nome para {address}. Outras pessoas poderão enviar para ele em vez do seu endereço.',
  label: 'Nome',
  'problems.short': 'Um nome tem pelo menos 4 caracteres',
  'problems.characters': 'Use apenas letras, números e hífens',
  checking: 'Verificando {name}…',
  available: '{name} está disponível',
  taken: '{name} já está em uso',
  suggestions: 'Nomes disponíveis',
  register: 'Registrar',
  registering: 'Assine na sua carteira…',
  success: '{name} é seu',
  successDetail: 'Agora é o nome principal de {address}.',
  backToAccount: 'Voltar para a conta',
  rejected: 'Você recusou a assinatura na sua carteira.',
  'errors.suggestions': 'Erro ao buscar sugestões de nomes',
  'errors.register': 'Erro ao registrar o nome {name}',
  'errors.unsupportedChain': 'Rede não suportada',
  'errors.noAccount': 'Endereço ou conector de autenticação não encontrado',
}

export default ptBR
