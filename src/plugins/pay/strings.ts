/**
 * The pay plugin's strings, merged under its id (`pay.payFromWallet`). English is the fallback.
 * The exchange's page is the exchange's, in its own words; a failure's reason is the exchange's or
 * the wallet's, shown as given.
 */

export const en = {
  'titles.Pay': 'Pay',
  summary: 'Pay {amount} {symbol}',
  recipient: 'To',
  network: 'Network',
  noPayment: 'Preparing the payment…',
  payFromWallet: 'Pay from your wallet',
  walletHint: 'Connect a wallet on this network to pay from it.',
  confirmInWallet: 'Confirm the payment in your wallet…',
  withExchange: 'Pay with an exchange',
  exchangesLoading: 'Loading exchanges…',
  exchangesNone: 'No exchange pays this asset on this network.',
  exchangesFailed: 'The exchanges could not be loaded: {message}',
  opening: 'Opening {exchange}…',
  waiting: 'Finish the payment on {exchange}’s page. This view updates by itself.',
  blocked: 'Your browser blocked the window. Open the exchange’s page here:',
  blockedLink: 'Open {exchange}',
  sending: '{exchange} is sending the payment…',
  succeeded: 'Payment complete',
  transaction: 'Transaction {hash}',
  failed: 'The payment failed: {message}',
}
