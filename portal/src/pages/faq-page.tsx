import { Collapse } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { PortalMessageKey } from '../i18n/ne';

const TOPICS = ['signIn', 'password', 'register', 'profile', 'fees', 'files'] as const;

/** Short answers about signing in, registration and fees, in both languages. */
export default function FaqPage() {
  const { t } = useTranslation();
  return (
    <section className="faq-page" aria-labelledby="faq-title">
      <h1 id="faq-title" className="page-title">
        {t('faq.title')}
      </h1>
      <p className="muted">{t('faq.intro')}</p>
      <Collapse
        defaultActiveKey={[TOPICS[0]]}
        items={TOPICS.map((topic) => {
          const question: PortalMessageKey = `faq.${topic}.q`;
          const answer: PortalMessageKey = `faq.${topic}.a`;
          return { key: topic, label: t(question), children: <p>{t(answer)}</p> };
        })}
      />
      <p className="faq-page__back">
        <Link to="/login">{t('faq.backToLogin')}</Link>
      </p>
    </section>
  );
}
