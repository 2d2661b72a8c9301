import { describe, expect, it } from 'vitest';
import { describeSparrowAnswer, parseSparrowAnswer, sparrowFailureOf } from './sparrow-protocol';

describe('Sparrow SMS v2 answers', () => {
  it('fails a bad receiver, token, sender or account at once and retries credit shortages', () => {
    for (const code of [1000, 1001, 1002, 1003, 1004, 1005, 1006, 1007, 1008, 1010, 1011]) expect(sparrowFailureOf(code), String(code)).toBe('permanent');
    expect(sparrowFailureOf(1012)).toBe('temporary');
    expect(sparrowFailureOf(1013)).toBe('temporary');
    // Undocumented codes may pass: retried with the backoff.
    expect(sparrowFailureOf(1009)).toBe('temporary');
    expect(sparrowFailureOf(500)).toBe('temporary');
  });

  it('reads the JSON answer and keeps its code and words', () => {
    const answer = parseSparrowAnswer('{"count":1,"response_code":200,"response":"1 mesages has been queued for delivery"}');
    expect(answer).toMatchObject({ response_code: 200, count: 1 });
    expect(describeSparrowAnswer(answer!)).toBe('200 1 mesages has been queued for delivery');
    expect(describeSparrowAnswer(parseSparrowAnswer('{"response_code":"1007"}')!)).toBe('1007 Invalid Receiver');
    expect(parseSparrowAnswer('<html>bad gateway</html>')).toBeNull();
    expect(parseSparrowAnswer('{"ok":true}')).toBeNull();
  });
});
