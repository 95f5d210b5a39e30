// The wallet catalog of the local config service: well-known wallets with their public names,
// homepages, link schemes and EIP-6963 rdns, and icons we generate (no wallet's artwork).
import { createHash } from 'node:crypto'

// EVM wallets add any chain a site asks for; this catalog also lists the local development chain
// ids (anvil's 31337, the demo's 1337), so the demo, which runs on them, shows catalog wallets.
const EVM = [
  'eip155:1',
  'eip155:10',
  'eip155:56',
  'eip155:137',
  'eip155:8453',
  'eip155:42161',
  'eip155:43114',
  'eip155:11155111',
  'eip155:31337',
  'eip155:1337',
]
const SOL = ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp']
const BTC = ['bip122:000000000019d6689c085ae165831e93']

export const walletId = (name) => createHash('sha256').update(`airlock-wallet:${name}`).digest('hex')

// [name, homepage, rdns, mobile_link, desktop_link, webapp_link, chains]
const ROWS = [
  ['MetaMask', 'https://metamask.io', 'io.metamask', 'metamask://', null, null, EVM],
  ['Trust Wallet', 'https://trustwallet.com', 'com.trustwallet.app', 'trust://', null, null, [...EVM, ...SOL, ...BTC]],
  ['Coinbase Wallet', 'https://www.coinbase.com/wallet', 'com.coinbase.wallet', 'cbwallet://', null, null, [...EVM, ...SOL]],
  ['Rainbow', 'https://rainbow.me', 'me.rainbow', 'rainbow://', null, null, EVM],
  ['Phantom', 'https://phantom.app', 'app.phantom', 'phantom://', null, null, [...SOL, ...EVM, ...BTC]],
  ['OKX Wallet', 'https://www.okx.com/web3', 'com.okex.wallet', 'okex://main', null, null, [...EVM, ...SOL, ...BTC]],
  ['Uniswap Wallet', 'https://wallet.uniswap.org', 'org.uniswap.app', 'uniswap://', null, null, EVM],
  ['Zerion', 'https://zerion.io', 'io.zerion.wallet', 'zerion://', null, null, EVM],
  ['Ledger Live', 'https://www.ledger.com/ledger-live', null, 'ledgerlive://', 'ledgerlive://', null, [...EVM, ...BTC]],
  ['Safe', 'https://safe.global', null, null, null, 'https://app.safe.global', EVM],
  ['Argent', 'https://www.argent.xyz', null, 'argent://app/', null, null, EVM],
  ['Exodus', 'https://www.exodus.com', 'com.exodus.web3-wallet', 'exodus://', null, null, [...EVM, ...SOL, ...BTC]],
  ['imToken', 'https://token.im', null, 'imtokenv2://', null, null, [...EVM, ...BTC]],
  ['TokenPocket', 'https://www.tokenpocket.pro', 'pro.tokenpocket', 'tpoutside://', null, null, [...EVM, ...SOL]],
  ['Bitget Wallet', 'https://web3.bitget.com', 'com.bitget.web3', 'bitkeep://', null, null, [...EVM, ...SOL, ...BTC]],
  ['Rabby Wallet', 'https://rabby.io', 'io.rabby', null, null, null, EVM],
  ['Brave Wallet', 'https://brave.com/wallet', 'com.brave.wallet', null, null, null, [...EVM, ...SOL]],
  ['1inch Wallet', 'https://1inch.io/wallet', null, 'oneinch://', null, null, EVM],
  ['Frame', 'https://frame.sh', 'sh.frame', null, null, null, EVM],
  ['Backpack', 'https://backpack.app', 'app.backpack', 'backpack://', null, null, [...SOL, ...EVM]],
  ['Solflare', 'https://solflare.com', 'com.solflare', 'solflare://', null, null, SOL],
  ['Xverse', 'https://www.xverse.app', 'com.xverse', 'xverse://', null, null, BTC],
  ['Leather', 'https://leather.io', 'io.leather', null, null, null, BTC],
  ['UniSat Wallet', 'https://unisat.io', 'io.unisat', 'unisat://', null, null, BTC],
  ['Magic Eden', 'https://wallet.magiceden.io', 'io.magiceden.wallet', 'magiceden://', null, null, [...SOL, ...EVM, ...BTC]],
  ['Binance Web3 Wallet', 'https://www.binance.com/en/web3wallet', 'com.binance.wallet', 'bnc://app.binance.com/cedefi/', null, null, EVM],
  ['Crypto.com DeFi Wallet', 'https://crypto.com/defi-wallet', null, 'dfw://', null, null, EVM],
  ['SafePal', 'https://www.safepal.com', 'com.safepal', 'safepalwallet://', null, null, [...EVM, ...SOL]],
  ['Zengo', 'https://zengo.com', null, 'zengo://', null, null, [...EVM, ...BTC]],
  ['BitPay Wallet', 'https://bitpay.com/wallet', null, 'bitpay://', null, null, [...EVM, ...BTC]],
  ['Atomic Wallet', 'https://atomicwallet.io', null, 'atomic://', null, null, [...EVM, ...BTC]],
  ['Keplr', 'https://www.keplr.app', 'app.keplr', 'keplrwallet://', null, null, EVM],
  ['Ambire Wallet', 'https://www.ambire.com', 'com.ambire', 'ambire://', null, 'https://wallet.ambire.com', EVM],
  ['Coin98', 'https://coin98.com', 'coin98.com', 'coin98://', null, null, [...EVM, ...SOL]],
  ['MathWallet', 'https://mathwallet.org', null, 'mathwallet://', null, null, [...EVM, ...SOL]],
  ['Taho', 'https://taho.xyz', 'xyz.taho', null, null, null, EVM],
  ['Enkrypt', 'https://www.enkrypt.com', 'com.enkrypt', null, null, null, [...EVM, ...BTC]],
  ['Kraken Wallet', 'https://www.kraken.com/wallet', 'com.kraken.wallet', 'krakenwallet://', null, null, [...EVM, ...SOL, ...BTC]],
]

// Each wallet's pages in the browsers' extension stores, Apple's App Store and Google Play: the
// public store URLs the wallets link from their own download pages (as RainbowKit's connectors list
// them). A wallet whose store pages we could not check keeps its homepage alone. The stores' names
// are STORE_FIELDS (src/events/shapes/storeFields.ts; catalog.test.ts checks each link's host).
const CHROME = 'https://chrome.google.com/webstore/detail/'
const APPLE = 'https://apps.apple.com/app/'
const PLAY = 'https://play.google.com/store/apps/details?id='
const STORES = {
  MetaMask: {
    chrome_store: `${CHROME}metamask/nkbihfbeogaeaoehlefnkodbefgpgknn`,
    firefox_store: 'https://addons.mozilla.org/firefox/addon/ether-metamask/',
    edge_store: 'https://microsoftedge.microsoft.com/addons/detail/metamask/ejbalbakoplchlghecdalmeeeajnimhm',
    app_store: `${APPLE}metamask/id1438144202`,
    play_store: `${PLAY}io.metamask`,
  },
  'Trust Wallet': {
    chrome_store: `${CHROME}trust-wallet/egjidjbpglichdcondbcbdnbeeppgdph`,
    app_store: `${APPLE}trust-crypto-bitcoin-wallet/id1288339409`,
    play_store: `${PLAY}com.wallet.crypto.trustapp`,
  },
  'Coinbase Wallet': {
    chrome_store: `${CHROME}coinbase-wallet-extension/hnfanknocfeofbddgcijnmhnfnkdnaad`,
    app_store: `${APPLE}coinbase-wallet-store-crypto/id1278383455`,
    play_store: `${PLAY}org.toshi`,
  },
  Rainbow: { app_store: `${APPLE}id1457119021`, play_store: `${PLAY}me.rainbow` },
  Phantom: {
    chrome_store: `${CHROME}phantom/bfnaelmomeimhlpmgjnjophhpkkoljpa`,
    firefox_store: 'https://addons.mozilla.org/firefox/addon/phantom-app/',
    app_store: `${APPLE}phantom-solana-wallet/id1598432977`,
    play_store: `${PLAY}app.phantom`,
  },
  'OKX Wallet': {
    chrome_store: `${CHROME}okx-wallet/mcohilncbfahbmgdjkbpemcciiolgcge`,
    firefox_store: 'https://addons.mozilla.org/firefox/addon/okexwallet/',
    edge_store: 'https://microsoftedge.microsoft.com/addons/detail/okx-wallet/pbpjkcldjiffchgbbndmhojiacbgflha',
  },
  'Uniswap Wallet': { app_store: `${APPLE}id6443944476` },
  Zerion: {
    chrome_store: `${CHROME}zerion/klghhnkeealcohjjanjjdaeeggmfmlpl`,
    app_store: `${APPLE}id1456732565`,
    play_store: `${PLAY}io.zerion.android`,
  },
  'Ledger Live': { app_store: `${APPLE}ledger-live-web3-wallet/id1361671700`, play_store: `${PLAY}com.ledger.live` },
  imToken: { app_store: `${APPLE}imtoken2/id1384798940`, play_store: `${PLAY}im.token.app` },
  TokenPocket: {
    chrome_store: `${CHROME}tokenpocket/mfgccjchihfkkindfppnaooecgfneiii`,
    app_store: `${APPLE}tp-global-wallet/id6444625622`,
    play_store: `${PLAY}vip.mytokenpocket`,
  },
  'Bitget Wallet': { chrome_store: `${CHROME}bitkeep-crypto-nft-wallet/jiidiaalihmmhddjgbnbgdfflelocpak`, app_store: `${APPLE}bitkeep/id1395301115` },
  'Rabby Wallet': { chrome_store: `${CHROME}rabby-wallet/acmacodkjbdgmoleebolmdjonilkdbch` },
  '1inch Wallet': { app_store: `${APPLE}1inch-crypto-defi-wallet/id1546049391`, play_store: `${PLAY}io.oneinch.android` },
  Backpack: {
    chrome_store: `${CHROME}backpack/aflkmfhebedbjioipglgcbcmnbpgliof`,
    app_store: `${APPLE}backpack-wallet-exchange/id6445964121`,
    play_store: `${PLAY}app.backpack.mobile`,
  },
  'Magic Eden': { chrome_store: `${CHROME}magic-eden-wallet/mkpegjkblkkefacfnmkajcjmabijhclg` },
  SafePal: {
    chrome_store: `${CHROME}safepal-extension-wallet/lgmpcpglpngdoalbgeoldeajfclnhafa`,
    app_store: `${APPLE}id1548297139`,
    play_store: `${PLAY}io.safepal.wallet`,
  },
  'Kraken Wallet': { app_store: `${APPLE}kraken-wallet/id1626327149` },
  Coin98: {
    chrome_store: `${CHROME}coin98-wallet/aeachknmefphepccionboohckonoeemg`,
    app_store: `${APPLE}coin98-super-app/id1561969966`,
    play_store: `${PLAY}coin98.crypto.finance.media`,
  },
  Taho: { chrome_store: `${CHROME}taho/eajafomhmkipbjmfmhebemolkcicgfmd` },
  Enkrypt: {
    chrome_store: `${CHROME}enkrypt-ethereum-polkadot/kkpllkodjeloidieedojogacfhpaihoh`,
    firefox_store: 'https://addons.mozilla.org/firefox/addon/enkrypt/',
    edge_store: 'https://microsoftedge.microsoft.com/addons/detail/enkrypt-ethereum-polkad/gfenajajnjjmmdojhdjmnngomkhlnfjl',
    safari_store: `${APPLE}enkrypt-web3-wallet/id1640164309`,
  },
}

const entry = ([name, homepage, rdns, mobile, desktop, webapp, chains]) => {
  const id = walletId(name)
  return {
    id,
    name,
    homepage,
    image_id: id,
    ...(rdns ? { rdns } : {}),
    ...(mobile ? { mobile_link: mobile } : {}),
    ...(desktop ? { desktop_link: desktop } : {}),
    ...(webapp ? { webapp_link: webapp } : {}),
    ...STORES[name],
    chains,
  }
}

export const WALLETS = ROWS.map(entry)
// A store entry whose name matches no row would be lost without a word.
for (const name of Object.keys(STORES)) if (!ROWS.some(([row]) => row === name)) throw new Error(`catalog: store links for an unknown wallet ${name}`)

/** `n` generated entries, the same every time, for the search benchmark. */
export function syntheticWallets(n) {
  return Array.from({ length: n }, (_, i) => {
    const name = `Test Wallet ${String(i + 1).padStart(4, '0')}`
    const id = walletId(name)
    return { id, name, homepage: 'https://example.com', image_id: id, mobile_link: `testwallet${i + 1}://`, chains: EVM }
  })
}

const escapeXml = (text) => text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c])

/** The hue (0–359) of a wallet's generated icon, from its id. The bundled catalog ships it precomputed. */
export const walletHue = (id) => parseInt(createHash('sha256').update(String(id)).digest('hex').slice(0, 4), 16) % 360

/** A generated square icon: a colour from the id, the initials as text. No script, no reference. */
export function walletIcon(id, name) {
  const hue = walletHue(id)
  const initials = escapeXml(
    String(name)
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((w) => Array.from(w)[0] ?? '')
      .join('')
      .toUpperCase(),
  )
  return `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96"><rect width="96" height="96" rx="24" fill="hsl(${hue} 62% 46%)"/><text x="48" y="60" font-family="sans-serif" font-size="36" font-weight="700" fill="#fff" text-anchor="middle">${initials}</text></svg>`
}
