/** The email plugin's strings in French, fetched only for a page in that language. */
import type { en } from '../strings'

const fr: typeof en = {
  'titles.EmailLogin': 'E-mail',
  'titles.EmailVerifyOtp': 'Confirmer l’e-mail',
  'titles.EmailVerifyDevice': 'Enregistrer l’appareil',
  'titles.UpdateEmail': 'Changer d’e-mail',
  'titles.UpdateEmailOtp': 'Confirmer le changement',
  label: 'E-mail',
  placeholder: 'vous@exemple.fr',
  continue: 'Continuer',
  sending: 'Envoi…',
  invalidEmail: 'Saisissez une adresse e-mail valide',
  codeSent: 'Saisissez le code envoyé à {email}',
  code: 'Code',
  verify: 'Confirmer',
  verifying: 'Vérification…',
  resend: 'Renvoyer le code',
  invalidCode: 'Saisissez le code à 6 chiffres',
  deviceTitle: 'Approuver cet appareil',
  deviceSent: 'Nous avons envoyé un lien à {email}. Ouvrez-le pour approuver cet appareil\u00a0; le code suivra.',
  waiting: 'En attente de l’approbation…',
  newEmail: 'Nouvel e-mail',
  primarySent: 'Saisissez le code envoyé à votre adresse actuelle, {email}',
  secondarySent: 'Saisissez le code envoyé à {email}',
  updated: 'Votre e-mail est désormais {email}.',
  done: 'Terminé',
}

export default fr
