/**
 * What the frame's recovery handlers (../handlers/recovery.ts) ask of its view: the code shown,
 * or asked for, in the frame's own document (./view.ts in the browser; a stand-in in tests). The
 * page only makes room for the frame (APPROVAL_VIEW with the request's id); it never sees a code.
 */
export interface RecoveryPrompt {
  /** Shows `code` for request `requestId`; resolves when the visitor closes it, rejects (4001) when cancelled. */
  showCode(requestId: string, code: string): Promise<void>
  /**
   * Asks for the code for request `requestId`: each code the visitor submits goes to `attempt`;
   * its error is shown and the visitor may try again; resolves once an attempt succeeds, rejects
   * (4001) when cancelled.
   */
  askCode(requestId: string, attempt: (code: string) => Promise<void>): Promise<void>
  /** The page gave up on `requestId`, or on every request. */
  cancel(requestId?: string): void
}
