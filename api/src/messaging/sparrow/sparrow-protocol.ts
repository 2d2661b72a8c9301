// Sparrow SMS v2 (api.sparrowsms.com/v2), as its published API documentation describes it:
//   GET or POST {base}/sms/ with token, from (the identity Sparrow assigned), to (comma-separated
//   10-digit mobile numbers) and text. Success: HTTP 200 and
//   { "count": n, "response_code": 200, "response": "n mesages has been queued for delivery" }.
//   Failure: HTTP 403 and { "response_code": 10xx, "response": "..." } with the codes below.
//   GET {base}/credit/?token=... answers { "credits_available", "credits_consumed", "response_code": 200 }.
// The documentation lists no code 1009 and gives the same text to 1003/1004 and to 1005/1006; it
// shows no message id in the success answer. Any other field of an answer is kept as received.

export const SPARROW_SUCCESS = 200;

export type SparrowFailure = 'permanent' | 'temporary';

type SparrowCode = { response: string; failure: SparrowFailure };

/**
 * The documented error codes and how the outbox treats them. Permanent: sending the same message
 * again cannot succeed until someone changes it or the account (a bad number, token, sender or
 * IP, an inactive or expired account, an empty text); the row is failed at once and staff resend
 * it after the fix. Temporary: credit runs out and is bought again, so the message is retried
 * with the outbox's backoff.
 */
export const SPARROW_ERROR_CODES: Readonly<Record<number, SparrowCode>> = {
  1000: { response: 'A required field is missing', failure: 'permanent' },
  1001: { response: 'Invalid IP Address', failure: 'permanent' },
  1002: { response: 'Invalid Token', failure: 'permanent' },
  1003: { response: 'Account Inactive', failure: 'permanent' },
  1004: { response: 'Account Inactive', failure: 'permanent' },
  1005: { response: 'Account has been expired', failure: 'permanent' },
  1006: { response: 'Account has been expired', failure: 'permanent' },
  1007: { response: 'Invalid Receiver', failure: 'permanent' },
  1008: { response: 'Invalid Sender', failure: 'permanent' },
  1010: { response: 'Text cannot be empty', failure: 'permanent' },
  1011: { response: 'No valid receiver', failure: 'permanent' },
  1012: { response: 'No Credits Available', failure: 'temporary' },
  1013: { response: 'Insufficient Credits', failure: 'temporary' },
};

/** An undocumented code, a server error or no answer at all may pass: retried. */
export function sparrowFailureOf(code: number): SparrowFailure {
  return SPARROW_ERROR_CODES[code]?.failure ?? 'temporary';
}

export type SparrowAnswer = { response_code: number; response?: string; count?: number; [field: string]: unknown };

/** Reads an answer's JSON; null when the body is not a Sparrow answer (a proxy's error page). */
export function parseSparrowAnswer(text: string): SparrowAnswer | null {
  try {
    const value = JSON.parse(text) as unknown;
    if (typeof value !== 'object' || value === null) return null;
    const code = Number((value as { response_code?: unknown }).response_code);
    if (!Number.isInteger(code)) return null;
    return { ...(value as Record<string, unknown>), response_code: code } as SparrowAnswer;
  } catch {
    return null;
  }
}

/** What the outbox keeps of an answer: the code and the gateway's words, at most 300 characters. */
export function describeSparrowAnswer(answer: SparrowAnswer): string {
  const words = typeof answer.response === 'string' ? answer.response : (SPARROW_ERROR_CODES[answer.response_code]?.response ?? '');
  return `${answer.response_code} ${words}`.trim().slice(0, 300);
}
