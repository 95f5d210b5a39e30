/** The names plugin's strings in French, fetched only for a page in that language. */
import type { en } from '../strings'

const fr: typeof en = {
  'titles.RegisterAccountName': 'Choisir un nom',
  'titles.RegisterAccountNameSuccess': 'Nom enregistré',
  action: 'Enregistrer un nom',
  intro: 'Choisissez un nom pour {address}. On pourra vous envoyer des fonds à ce nom plutôt qu’à votre adresse.',
  label: 'Nom',
  'problems.short': 'Un nom compte au moins 4 caractères',
  'problems.characters': 'Utilisez uniquement des lettres, des chiffres et des tirets',
  checking: 'Vérification de {name}…',
  available: '{name} est disponible',
  taken: '{name} est déjà pris',
  suggestions: 'Noms disponibles',
  register: 'Enregistrer',
  registering: 'Signez dans votre portefeuille…',
  success: '{name} est à vous',
  successDetail: 'C’est désormais le nom principal de {address}.',
  backToAccount: 'Retour au compte',
  rejected: 'Vous avez refusé de signer dans votre portefeuille.',
  'errors.suggestions': 'Erreur lors de la récupération des suggestions de noms',
  'errors.register': 'Erreur lors de l’enregistrement du nom {name}',
  'errors.unsupportedChain': 'Réseau non pris en charge',
  'errors.noAccount': 'Adresse ou connecteur d’authentification introuvable',
}

export default fr
