/**
 * The pay plugin's strings by locale: English built in (./strings.ts); every other locale a chunk
 * of this plugin's own, fetched only for a page in that locale. Each is complete
 * (src/ui/strings/locales.test.ts checks every key).
 */
import { en } from './strings'

export const strings = {
  en,
  de: () => import('./locales/de'),
  es: () => import('./locales/es'),
  fr: () => import('./locales/fr'),
  'pt-BR': () => import('./locales/pt-BR'),
  ja: () => import('./locales/ja'),
}
