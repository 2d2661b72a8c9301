import type { BrowserContext } from 'playwright-core';
import { expect } from 'vitest';

// The API's Content-Security-Policy as the browser enforces it: the directives every page of the
// portal and the workstation carries, and a watch on a browser context that collects every
// violation its pages report. content-security-policy.e2e.test.ts opens the portal's pages under
// it; the accessibility walk watches the workstation's screens while it checks them, so each
// screen is drawn once for both checks.

const REQUIRED_DIRECTIVES = ["script-src 'self'", "frame-ancestors 'none'", "object-src 'none'", "base-uri 'self'", "default-src 'self'"];

export type CspViolation = { url: string; what: string };

/**
 * Collects into `violations` every CSP violation the context's pages report: a listener added
 * before any script of the page runs, and the console, where Chromium writes "Refused to ...
 * because it violates the following Content Security Policy directive".
 */
export async function watchContentSecurityPolicy(context: BrowserContext, violations: CspViolation[]): Promise<void> {
  await context.exposeBinding('reportCspViolation', ({ page }, what: string) => {
    violations.push({ url: page.url(), what });
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportCspViolation: (what: string) => void }).reportCspViolation;
      void report(`${event.effectiveDirective} refused ${event.blockedURI || 'inline'} ${event.sample}`.trim());
    });
  });
  context.on('console', (message) => {
    if (/content.security.policy/i.test(message.text())) violations.push({ url: message.page()?.url() ?? '', what: message.text() });
  });
}

/** Fails unless the page's headers carry the strict policy: every required directive, no unsafe script. */
export function expectStrictPolicy(headers: Record<string, string> | undefined, url: string): void {
  expect(headers, url).toBeDefined();
  const policy = headers!['content-security-policy'] ?? '';
  for (const directive of REQUIRED_DIRECTIVES) expect(policy, `${url}: ${directive}`).toContain(directive);
  expect(policy, url).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
}
