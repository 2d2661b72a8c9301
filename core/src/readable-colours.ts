// WCAG 2.1 AA (success criterion 1.4.3): text at least 4.5:1 against its background. antd's
// default palette misses it for links (#1677ff on white, 4.1:1), descriptions and placeholders
// (45% and 25% black), status colours and the light tags (green text on pale green, 3.4:1). The
// portal and the workstation give these theme tokens to antd, so both read the same.

/** WCAG 2.x relative luminance of a #rrggbb colour. */
function relativeLuminance(hex: string): number {
  const channels = [1, 3, 5].map((start) => Number.parseInt(hex.slice(start, start + 2), 16) / 255);
  const [red, green, blue] = channels.map((value) => (value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4)) as [number, number, number];
  return 0.2126 * red + 0.7152 * green + 0.0722 * blue;
}

/** The WCAG contrast ratio of two #rrggbb colours, 1 to 21. */
export function contrastRatio(foreground: string, background: string): number {
  const [lighter, darker] = [relativeLuminance(foreground), relativeLuminance(background)].sort((a, b) => b - a) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

/** The smallest contrast of normal-size text that WCAG 2.1 AA accepts. */
export const WCAG_AA_TEXT_CONTRAST = 4.5;

/**
 * Each antd tag colour's text shade (its palette's seventh) where antd's own fails on the tag's
 * pale background (the first shade): one or two shades darker.
 */
export const READABLE_TAG_TEXT = {
  green: '#237804',
  cyan: '#006d75',
  orange: '#ad4e00',
  gold: '#874d00',
  volcano: '#ad2102',
  lime: '#3f6600',
  yellow: '#876800',
} as const;

type TagColour = keyof typeof READABLE_TAG_TEXT;

/**
 * antd theme tokens both front ends set beside their own primary colour (which they also give
 * as `colorLink` and `colorInfo`). Status colours are the darker shades of antd's own, readable
 * as text on their pale backgrounds and under white text; the pale backgrounds are given too,
 * since antd would otherwise derive greyish ones from the darker colours. A tag's text shade is
 * set under both of antd's names for it (`green7`, `green-7`), which end in one CSS variable.
 */
export const READABLE_THEME_TOKENS = {
  colorSuccess: '#237804',
  colorSuccessBg: '#f6ffed',
  colorSuccessBorder: '#b7eb8f',
  colorWarning: '#ad4e00',
  colorWarningBg: '#fff7e6',
  colorWarningBorder: '#ffd591',
  colorError: '#cf1322',
  colorErrorBg: '#fff1f0',
  colorErrorBorder: '#ffa39e',
  colorInfoBg: '#e8eef7',
  colorInfoBorder: '#a9bedc',
  colorTextDescription: '#5c5c5c',
  colorTextTertiary: '#5c5c5c',
  colorTextPlaceholder: '#666666',
  ...(Object.fromEntries(
    Object.entries(READABLE_TAG_TEXT).flatMap(([colour, shade]) => [
      [`${colour}7`, shade],
      [`${colour}-7`, shade],
    ]),
  ) as Record<`${TagColour}7` | `${TagColour}-7`, string>),
};
