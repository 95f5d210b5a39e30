/** The siwx plugin's strings in French, fetched only for a page in that language. */
import type { en } from '../strings'

const fr: typeof en = {
  'titles.SIWXSignMessage': 'Se connecter',
  intro: '{name} vous demande de vous connecter avec votre portefeuille.',
  explain: 'Signer un message prouve que ce compte vous appartient. C’est gratuit et aucune transaction n’est envoyée.',
  account: 'Compte',
  siteIcon: 'Icône de {name}',
  thisSite: 'Ce site',
  sign: 'Signer',
  signing: 'En attente de votre portefeuille…',
  cancel: 'Annuler',
  'errors.declined': 'Signature refusée',
  'errors.smartAccount': 'Cette application ne prend peut-être pas en charge les Smart Accounts',
  'errors.initialize': 'Un problème est survenu lors de l’initialisation de l’authentification',
}

export default fr
