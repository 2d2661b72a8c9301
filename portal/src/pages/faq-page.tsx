import { useText } from '../i18n/texts';
import { Link } from 'react-router-dom';
import type { PortalMessageKey } from '../i18n/ne';

const TOPICS = ['signIn', 'password', 'register', 'profile', 'fees', 'files'] as const;

/**
 * Short answers about signing in, registration and fees, in both languages. The browser's own
 * disclosure (details and summary) in plain CSS, the first answer open: a first screen without antd.
 */
export default function FaqPage() {
  const { t } = useText();
  return (
    <section className="faq-page" aria-labelledby="faq-title">
      <h1 id="faq-title" className="page-title">
        {t('faq.title')}
      </h1>
      <p className="muted">{t('faq.intro')}</p>
      <div className="plain-collapse">
        {TOPICS.map((topic, index) => {
          const question: PortalMessageKey = `faq.${topic}.q`;
          const answer: PortalMessageKey = `faq.${topic}.a`;
          return (
            <details key={topic} className="plain-collapse__item" open={index === 0}>
              <summary className="plain-collapse__header">{t(question)}</summary>
              <div className="plain-collapse__body">
                <p>{t(answer)}</p>
              </div>
            </details>
          );
        })}
      </div>
      <p className="faq-page__back">
        <Link to="/login">{t('faq.backToLogin')}</Link>
      </p>
    </section>
  );
}
