/**
 * The names plugin's strings, merged under its id (`names.action`). English is the fallback. The
 * `errors.*` texts are SPEC §8's words and must stay as they are (messages.ts holds them too).
 */

export const en = {
  'titles.RegisterAccountName': 'Choose a name',
  'titles.RegisterAccountNameSuccess': 'Name registered',
  action: 'Register name',
  intro: 'Pick a name for {address}. Others can send to it instead of your address.',
  label: 'Name',
  'problems.short': 'A name has at least 4 characters',
  'problems.characters': 'Use letters, digits and hyphens only',
  checking: 'Checking {name}…',
  available: '{name} is available',
  taken: '{name} is taken',
  suggestions: 'Available names',
  register: 'Register',
  registering: 'Check your wallet to sign…',
  success: '{name} is yours',
  successDetail: 'It is the primary name of {address} now.',
  backToAccount: 'Back to account',
  rejected: 'You declined to sign in your wallet.',
  'errors.suggestions': 'Error fetching name suggestions',
  'errors.register': 'Error registering name {name}',
  'errors.unsupportedChain': 'Chain is not supported',
  'errors.noAccount': 'Address or auth connector not found',
}
