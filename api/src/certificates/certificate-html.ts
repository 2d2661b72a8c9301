import type { CertificateData, Language } from '@psc/core';
import { Certificate, renderDocumentsHtml } from '@psc/print-templates';
import { createElement } from 'react';

/** One certificate as the HTML page it prints from (print-templates' Certificate). */
export function certificateHtml(certificate: CertificateData, lang: Language): string {
  return renderDocumentsHtml([createElement(Certificate, { certificate, lang })], { lang });
}
