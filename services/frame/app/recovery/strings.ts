/**
 * The recovery views' strings (the frame's own table, like ../approval/strings.ts: the views are
 * the frame's document, not the modal's). English is the fallback; the locale comes from the
 * frame's query (the modal's), else the browser's language.
 */
import { INVALID_RECOVERY_CODE, WRONG_RECOVERY_CODE } from './shares'

export const en = {
  showTitle: 'Your recovery code',
  showIntro:
    'Write this code down and keep it somewhere safe, away from this device. With it you can open this wallet on a new device after signing in. Never type it into a website: only this wallet asks for it.',
  codeLabel: 'Recovery code',
  done: 'Done',
  askTitle: 'Recover your wallet',
  askIntro: 'This device does not hold your wallet yet. Enter the recovery code you saved (on a device that has the wallet: Wallet settings, Recovery code).',
  inputLabel: 'Recovery code',
  cancel: 'Cancel',
  recover: 'Recover',
  working: 'Recovering…',
  invalid: 'This is not a valid recovery code. Check it for typos.',
  wrong: 'This recovery code does not open this wallet.',
  failed: 'The wallet could not be recovered: {message}',
}

export const de: typeof en = {
  showTitle: 'Dein Wiederherstellungscode',
  showIntro:
    'Schreib diesen Code auf und bewahre ihn sicher auf, nicht auf diesem Gerät. Mit ihm öffnest du diese Wallet nach der Anmeldung auf einem neuen Gerät. Gib ihn nie auf einer Website ein: Nur diese Wallet fragt danach.',
  codeLabel: 'Wiederherstellungscode',
  done: 'Fertig',
  askTitle: 'Wallet wiederherstellen',
  askIntro:
    'Auf diesem Gerät ist deine Wallet noch nicht. Gib den Wiederherstellungscode ein, den du gespeichert hast (auf einem Gerät mit der Wallet: Wallet-Einstellungen, Wiederherstellungscode).',
  inputLabel: 'Wiederherstellungscode',
  cancel: 'Abbrechen',
  recover: 'Wiederherstellen',
  working: 'Wird wiederhergestellt…',
  invalid: 'Das ist kein gültiger Wiederherstellungscode. Prüfe ihn auf Tippfehler.',
  wrong: 'Dieser Wiederherstellungscode öffnet diese Wallet nicht.',
  failed: 'Die Wallet konnte nicht wiederhergestellt werden: {message}',
}

export type RecoveryStringKey = keyof typeof en
export type RecoveryTranslate = (key: RecoveryStringKey, values?: Readonly<Record<string, string>>) => string

const TABLES: Readonly<Record<string, typeof en>> = { en, de }

export function recoveryTranslator(locale: string | undefined): RecoveryTranslate {
  const table = TABLES[(locale ?? 'en').toLowerCase().split('-')[0] ?? 'en'] ?? en
  return (key, values = {}) => table[key].replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole)
}

/** An attempt's error as the view says it. */
export function attemptError(t: RecoveryTranslate, message: string): string {
  if (message === INVALID_RECOVERY_CODE) return t('invalid')
  if (message === WRONG_RECOVERY_CODE) return t('wrong')
  return t('failed', { message })
}
