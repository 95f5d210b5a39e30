/**
 * Real user agents of the mobile browsers people complain about opening wallets from (issue 28 §5),
 * as each sends them, with the link method each needs (src/core/connect/linkRules.ts). A Telegram
 * mini app is told apart by `Telegram.WebApp` on the page, not by its user agent (iOS's is Safari's).
 */
import type { LinkMethod } from '../../src/core/connect/linkRules'

export interface InAppBrowser {
  readonly name: string
  readonly userAgent: string
  /** Whether the page runs as a Telegram mini app (`Telegram.WebApp.openLink` present). */
  readonly telegram: boolean
  /** How an https: app link opens there. */
  readonly appLink: LinkMethod
  /** How a web app opens there. */
  readonly webApp: LinkMethod
}

export const IN_APP_BROWSERS: readonly InAppBrowser[] = [
  {
    name: 'Telegram mini app (Android)',
    userAgent:
      'Mozilla/5.0 (Linux; Android 14; Pixel 7 Build/UQ1A.240105.004; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0.6099.210 Mobile Safari/537.36 Telegram-Android/10.6.2 (Google Pixel 7; Android 14; SDK 34; AVERAGE)',
    telegram: true,
    appLink: 'telegram',
    webApp: 'telegram',
  },
  {
    name: 'Telegram mini app (iOS)',
    userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
    telegram: true,
    appLink: 'telegram',
    webApp: 'telegram',
  },
  {
    name: 'Telegram in-app browser (Android, no mini app)',
    userAgent:
      'Mozilla/5.0 (Linux; Android 14; Pixel 7 Build/UQ1A.240105.004; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0.6099.210 Mobile Safari/537.36 Telegram-Android/10.6.2 (Google Pixel 7; Android 14; SDK 34; AVERAGE)',
    telegram: false,
    appLink: 'navigate',
    webApp: 'navigate',
  },
  {
    name: 'Instagram (iOS)',
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/21B101 Instagram 311.0.3.21.95 (iPhone15,3; iOS 17_1_2; en_US; en; scale=3.00; 1290x2796; 547225406)',
    telegram: false,
    appLink: 'navigate',
    webApp: 'navigate',
  },
  {
    name: 'Instagram (Android)',
    userAgent:
      'Mozilla/5.0 (Linux; Android 13; SM-S908B Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/119.0.6045.163 Mobile Safari/537.36 Instagram 309.1.0.41.113 Android (33/13; 480dpi; 1080x2186; samsung; SM-S908B; b0q; qcom; en_US; 541635890)',
    telegram: false,
    appLink: 'navigate',
    webApp: 'navigate',
  },
  {
    name: 'Facebook (iOS)',
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/443.0.0.32.118;FBBV/548394624;FBDV/iPhone14,5;FBMD/iPhone;FBSN/iOS;FBSV/17.1.2;FBSS/3;FBID/phone;FBLC/en_US;FBOP/5;FBRV/550091618]',
    telegram: false,
    appLink: 'navigate',
    webApp: 'navigate',
  },
  {
    name: 'Facebook (Android)',
    userAgent:
      'Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/UD1A.231105.004; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/119.0.6045.163 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/443.0.0.44.117;]',
    telegram: false,
    appLink: 'navigate',
    webApp: 'navigate',
  },
  {
    name: 'Samsung Internet',
    userAgent:
      'Mozilla/5.0 (Linux; Android 14; SAMSUNG SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0.0.0 Mobile Safari/537.36',
    telegram: false,
    appLink: 'window',
    webApp: 'window',
  },
  {
    name: 'Opera (Android)',
    userAgent: 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0.0.0 Mobile Safari/537.36 OPR/79.0.4195.76754',
    telegram: false,
    appLink: 'window',
    webApp: 'window',
  },
  {
    name: 'Opera Mini',
    userAgent: 'Opera/9.80 (Android; Opera Mini/36.2.2254/119.132; U; id) Presto/2.12.423 Version/12.16',
    telegram: false,
    appLink: 'navigate',
    webApp: 'navigate',
  },
  {
    name: 'Safari (iOS)',
    userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    telegram: false,
    appLink: 'window',
    webApp: 'window',
  },
  {
    name: 'Chrome (Android)',
    userAgent: 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
    telegram: false,
    appLink: 'window',
    webApp: 'window',
  },
]
