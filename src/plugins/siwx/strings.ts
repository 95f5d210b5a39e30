/**
 * The siwx plugin's strings, merged under its id. The three failures are SPEC §8's words in English
 * and must stay as they are.
 */

export const en = {
  'titles.SIWXSignMessage': 'Sign in',
  intro: '{name} asks you to sign in with your wallet.',
  explain: 'Signing a message proves you own this account. It costs nothing and sends no transaction.',
  account: 'Account',
  siteIcon: 'Icon of {name}',
  thisSite: 'This site',
  sign: 'Sign',
  signing: 'Waiting for your wallet…',
  cancel: 'Cancel',
  'errors.declined': 'Signature declined',
  'errors.smartAccount': 'This application might not support Smart Accounts',
  'errors.initialize': 'A problem occurred while trying initialize authentication',
}
