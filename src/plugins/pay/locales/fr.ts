/** The pay plugin's strings in French, fetched only for a French page. */
import type { en } from '../strings'

const fr: typeof en = {
  'titles.Pay': 'Payer',
  summary: 'Payer {amount} {symbol}',
  recipient: 'À',
  network: 'Réseau',
  noPayment: 'Préparation du paiement…',
  payFromWallet: 'Payer depuis votre portefeuille',
  walletHint: 'Connectez un portefeuille sur ce réseau pour payer avec.',
  confirmInWallet: 'Confirmez le paiement dans votre portefeuille…',
  withExchange: 'Payer avec une plateforme d’échange',
  exchangesLoading: 'Chargement des plateformes…',
  exchangesNone: 'Aucune plateforme ne paie cet actif sur ce réseau.',
  exchangesFailed: 'Les plateformes n’ont pas pu être chargées : {message}',
  opening: 'Ouverture de {exchange}…',
  waiting: 'Terminez le paiement sur la page de {exchange}. Cette vue se met à jour toute seule.',
  blocked: 'Votre navigateur a bloqué la fenêtre. Ouvrez la page de la plateforme ici :',
  blockedLink: 'Ouvrir {exchange}',
  sending: '{exchange} envoie le paiement…',
  succeeded: 'Paiement effectué',
  transaction: 'Transaction {hash}',
  failed: 'Le paiement a échoué : {message}',
}

export default fr
