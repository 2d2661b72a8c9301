import { describe, expect, it } from 'vitest';
import { contrastRatio, READABLE_TAG_TEXT, READABLE_THEME_TOKENS, WCAG_AA_TEXT_CONTRAST } from './readable-colours';

// antd's pale tag backgrounds (its palettes' first shade), which the tag text sits on.
const PALE_BACKGROUND = {
  green: '#f6ffed',
  cyan: '#e6fffb',
  orange: '#fff7e6',
  gold: '#fffbe6',
  volcano: '#fff2e8',
  lime: '#fcffe6',
  yellow: '#feffe6',
} as const;

describe('contrastRatio', () => {
  it('measures as WCAG does: black on white 21, a colour on itself 1, antd link blue on white 4.1', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#1f4e8c', '#1f4e8c')).toBe(1);
    expect(contrastRatio('#1677ff', '#ffffff')).toBeCloseTo(4.1, 1);
  });
});

describe('READABLE_THEME_TOKENS', () => {
  it('gives each tag colour a text shade readable on its pale background', () => {
    for (const [colour, background] of Object.entries(PALE_BACKGROUND)) {
      const shade = READABLE_TAG_TEXT[colour as keyof typeof PALE_BACKGROUND];
      expect(contrastRatio(shade, background), colour).toBeGreaterThanOrEqual(WCAG_AA_TEXT_CONTRAST);
      expect(READABLE_THEME_TOKENS[`${colour as keyof typeof PALE_BACKGROUND}-7`]).toBe(shade);
    }
  });

  it('keeps status colours readable on their pale backgrounds', () => {
    const tokens = READABLE_THEME_TOKENS;
    expect(contrastRatio(tokens.colorSuccess, tokens.colorSuccessBg)).toBeGreaterThanOrEqual(WCAG_AA_TEXT_CONTRAST);
    expect(contrastRatio(tokens.colorWarning, tokens.colorWarningBg)).toBeGreaterThanOrEqual(WCAG_AA_TEXT_CONTRAST);
    expect(contrastRatio(tokens.colorError, tokens.colorErrorBg)).toBeGreaterThanOrEqual(WCAG_AA_TEXT_CONTRAST);
    // Both front ends' primary (their info colour) on the info background.
    for (const primary of ['#1f4e8c', '#1d4f91']) expect(contrastRatio(primary, tokens.colorInfoBg)).toBeGreaterThanOrEqual(WCAG_AA_TEXT_CONTRAST);
  });

  it('keeps status colours, descriptions and placeholders readable on white, the page grey, and under white text', () => {
    const { colorSuccess, colorWarning, colorError, colorTextDescription, colorTextPlaceholder } = READABLE_THEME_TOKENS;
    for (const colour of [colorSuccess, colorWarning, colorError, colorTextDescription, colorTextPlaceholder]) {
      expect(contrastRatio(colour, '#ffffff'), colour).toBeGreaterThanOrEqual(WCAG_AA_TEXT_CONTRAST);
      expect(contrastRatio(colour, '#f4f6f9'), colour).toBeGreaterThanOrEqual(WCAG_AA_TEXT_CONTRAST);
    }
  });
});
