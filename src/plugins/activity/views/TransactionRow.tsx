/**
 * One transaction of the Activity tab: the token icon or NFT preview (only a URL useRemoteImage
 * allows, never a spam NFT's), what happened and its status in words, the counterparty shortened,
 * the amount with 3 decimals and its symbol (SPEC §9), and how long ago (SPEC §9 thresholds).
 */
import { memo } from 'react'
import { useModuleStrings, shortAddress, useRemoteImage, imageAfterScroll, type TransactionItem } from 'airlock/plugin'
import { formatRelativeTime } from '../relativeTime'
import { describeTransaction, type Operation, type Status } from '../transactionDisplay'
import { minedAtMs } from '../grouping'

type T = ReturnType<typeof useModuleStrings>

function operationText(t: T, operation: Operation): string {
  if (operation === 'send') return t('operation.send')
  if (operation === 'receive') return t('operation.receive')
  if (operation === 'execute') return t('operation.execute')
  return t('operation.other')
}

function statusText(t: T, status: Status): string {
  if (status === 'confirmed') return t('status.confirmed')
  if (status === 'failed') return t('status.failed')
  if (status === 'pending') return t('status.pending')
  return t('status.other')
}

/** "5 minutes ago" in the modal's locale, else en-US (a locale Intl refuses falls back too). */
function ago(ms: number, now: number, locale: string): string {
  try {
    return formatRelativeTime(ms, now, locale)
  } catch {
    return formatRelativeTime(ms, now)
  }
}

/**
 * A row re-renders only when its item, the minute clock, the locale or whether its list scrolls
 * changes, not on each scroll frame. Its image waits for the scroll to settle unless it was shown
 * before (imageAfterScroll); `scrolling` defaults to false (a row outside a scrolling list).
 */
export const TransactionRow = memo(function TransactionRow(props: {
  readonly item: TransactionItem
  readonly now: number
  readonly locale: string
  readonly scrolling?: boolean
}) {
  const t = useModuleStrings('activity')
  const shown = describeTransaction(props.item, props.locale)
  const image = useRemoteImage(imageAfterScroll(shown.imageUrl, props.scrolling ?? false))
  const { transfer } = shown
  const counterparty = shortAddress(shown.counterparty)
  return (
    <>
      {image ? <img src={image} alt="" width={32} height={32} loading="lazy" decoding="async" /> : <span className="token-icon" aria-hidden="true" />}
      <span className="name">
        {operationText(t, shown.operation)} <span className="tag">{statusText(t, shown.status)}</span>
        <br />
        <span className="muted" title={shown.counterparty}>
          {shown.direction === 'from' ? t('from', { address: counterparty }) : t('to', { address: counterparty })}
        </span>
      </span>
      <span className="amount">
        {transfer.kind === 'token' ? t('amount', { amount: transfer.amount, symbol: transfer.symbol }) : null}
        {transfer.kind === 'nft' ? (transfer.name ?? t('nft')) : null}
        {shown.moreTransfers > 0 ? <> {t('moreTransfers', { count: shown.moreTransfers })}</> : null}
        <br />
        <time className="muted" dateTime={props.item.metadata.minedAt}>
          {ago(minedAtMs(props.item), props.now, props.locale)}
        </time>
      </span>
    </>
  )
})
