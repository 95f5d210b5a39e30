/**
 * The icon apps show for Airlock's wallet unless the site gives its own: a hatch wheel on slate,
 * 64×64 SVG, as the base64 data: URL the Wallet Standard asks for. Its source:
 * `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#1e293b"/><circle cx="32" cy="32" r="18" fill="none" stroke="#f8fafc" stroke-width="4"/><path d="M32 14v36M14 32h36" stroke="#f8fafc" stroke-width="4"/><circle cx="32" cy="32" r="6" fill="#38bdf8"/></svg>`
 */
export const AIRLOCK_ICON =
  'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHZpZXdCb3g9IjAgMCA2NCA2NCI+PHJlY3Qgd2lkdGg9IjY0IiBoZWlnaHQ9IjY0IiByeD0iMTQiIGZpbGw9IiMxZTI5M2IiLz48Y2lyY2xlIGN4PSIzMiIgY3k9IjMyIiByPSIxOCIgZmlsbD0ibm9uZSIgc3Ryb2tlPSIjZjhmYWZjIiBzdHJva2Utd2lkdGg9IjQiLz48cGF0aCBkPSJNMzIgMTR2MzZNMTQgMzJoMzYiIHN0cm9rZT0iI2Y4ZmFmYyIgc3Ryb2tlLXdpZHRoPSI0Ii8+PGNpcmNsZSBjeD0iMzIiIGN5PSIzMiIgcj0iNiIgZmlsbD0iIzM4YmRmOCIvPjwvc3ZnPg==' as const
