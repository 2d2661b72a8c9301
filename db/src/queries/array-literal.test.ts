import { describe, expect, it } from 'vitest';
import { arrayLiteral } from './array-literal';

describe('arrayLiteral', () => {
  it('writes numbers as they are and quotes texts, escaping quotes and backslashes', () => {
    expect(arrayLiteral([1, 22, 333])).toBe('{1,22,333}');
    expect(arrayLiteral([])).toBe('{}');
    expect(arrayLiteral(['AB12-CD34', 'a"b\\c', 'x,y}'])).toBe('{"AB12-CD34","a\\"b\\\\c","x,y}"}');
  });
});
