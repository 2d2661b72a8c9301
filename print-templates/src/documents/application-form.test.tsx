import { describe, expect, it } from 'vitest';
import { renderDocumentHtml } from '../render-html';
import { ApplicationForm } from './application-form';
import { buildApplicationForm, NEPALI_NAME } from './exam-document-fixtures.test-support';
import type { ApplicationFormData } from './exam-documents';

function renderForm(form: ApplicationFormData, lang: 'ne' | 'en' = 'ne') {
  const html = renderDocumentHtml(<ApplicationForm form={form} lang={lang} />, { lang });
  return html.slice(html.indexOf('<body>'), html.indexOf('</body>'));
}

describe('ApplicationForm', () => {
  it('prints the header, receipt code, roll number, sections and tables of the Nepali form', () => {
    const body = renderForm(buildApplicationForm());
    expect(body).toContain('<h1 class="application-form-title">दरखास्त फाराम</h1>');
    expect(body).toContain(`<dd>${NEPALI_NAME} (Shreekrishna Prasad Kshetri)</dd>`);
    expect(body).toContain('<dt>दरखास्त दर्ता कोड</dt><dd>PSC-2081-000123</dd>');
    expect(body).toContain('<dt>रोल नं.</dt><dd>१००२३४५</dd>');
    expect(body).toContain('<dd>वि.सं. २०८१ भदौ १७ (ई.सं. २०२४ सेप्टेम्बर २)</dd>');
    expect(body).toContain('<h2>व्यक्तिगत विवरण</h2>');
    expect(body).toContain('<dt>नागरिकता नं.</dt><dd>27-01-71-01234</dd>');
    expect(body).toContain('<td>स्नातकोत्तर</td><td>त्रिभुवन विश्वविद्यालय</td>');
  });

  it('prints the English form, with a roll number not yet assigned and a missing signature as a labelled box', () => {
    const body = renderForm(buildApplicationForm({ rollNumber: null }), 'en');
    expect(body).toContain('<h1 class="application-form-title">Application form</h1>');
    expect(body).toContain('<dt>Roll number</dt><dd>Not yet assigned</dd>');
    expect(body).toContain('<span class="image-box-missing">Signature</span>');
    expect(body.match(/<img /g)).toHaveLength(1);
  });

  it('prints a table without rows as such', () => {
    const body = renderForm(buildApplicationForm({ tables: [{ title: 'Experience', columns: ['Office', 'From'], rows: [] }] }), 'en');
    expect(body).toContain('<td colSpan="2">No records</td>');
  });

  it('prints a field holding <script> as text', () => {
    const body = renderForm(buildApplicationForm({ sections: [{ title: '<script>', fields: [{ label: '<b>', value: '<script>alert(1)</script>' }] }] }));
    expect(body).not.toContain('<script>');
    expect(body).not.toContain('<b>');
    expect(body).toContain('<dd>&lt;script&gt;alert(1)&lt;/script&gt;</dd>');
  });
});
