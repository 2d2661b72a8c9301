import { Alert, Button, Card, Skeleton } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { CALLS, fetchDashboard, type DashboardCounter, type DashboardData } from '../api/calls';
import { useRequestState } from '../api/request-state';
import { PROFILE_SECTION_COUNT } from '../config';
import { useLanguage, useNumberFormat } from '../i18n/use-language';
import { prefetchMenuPagesAfterPaint } from '../routes/menu-pages';
import { loadInit } from '../stores/load-init';
import { useSessionStore } from '../stores/session-store';
import { HomeNotifications } from './home-notifications';

/** The candidate's home: who is signed in, the dashboard counters and the notifications (spec §2 "dashboard counters, notifications"). */
export default function HomePage() {
  const { t, i18n } = useTranslation();
  const language = useLanguage();
  const formatCount = useNumberFormat();
  const init = useSessionStore((state) => state.init);
  const dashboard = useRequestState<DashboardData>(CALLS.dashboard);

  useEffect(() => {
    void fetchDashboard();
  }, []);
  // Most candidates go on from here to their profile or the vacancy list (spec §2's menu).
  useEffect(() => prefetchMenuPagesAfterPaint(), []);

  const user = init?.user;
  const englishName = user ? user.fullNameEn || user.username : '';
  const nepaliName = user?.fullNameNp ?? '';
  // Greet in the reading language; show the other form of the name beneath when there is one.
  const greetingName = language === 'ne' && nepaliName ? nepaliName : englishName;
  const otherName = greetingName === nepaliName ? englishName : nepaliName;

  function labelOf(counter: DashboardCounter): string {
    const key = `counter.${counter.key}`;
    return i18n.exists(key) ? t(key) : t('counter.other', { key: counter.key });
  }

  function valueOf(counter: DashboardCounter): string {
    // spec §2: profile completeness is shown as x of 8 sections.
    if (counter.key === 'profileSectionsCompleted') {
      return t('counter.outOf', { value: formatCount(counter.value), total: formatCount(PROFILE_SECTION_COUNT) });
    }
    return formatCount(counter.value);
  }

  const counters = dashboard.data?.counters ?? [];

  function refresh() {
    // After a failed start (no connection) the user's details are missing too.
    if (!init) void loadInit();
    void fetchDashboard();
  }

  return (
    <div className="home-page">
      <section className="home-page__welcome" aria-live="polite">
        {user ? (
          <>
            <h1 className="page-title" data-testid="welcome">
              {t('home.welcome', { name: greetingName })}
            </h1>
            {otherName && otherName !== greetingName ? (
              <p className="home-page__other-name" lang={otherName === nepaliName ? 'ne' : 'en'} data-testid="other-name">
                {otherName}
              </p>
            ) : null}
          </>
        ) : (
          <Skeleton active paragraph={{ rows: 1 }} title />
        )}
      </section>
      {user?.mustChangePassword ? <Alert type="warning" showIcon title={t('home.mustChangePassword')} /> : null}
      <section className="home-page__dashboard" aria-labelledby="dashboard-title">
        <div className="section-heading">
          <h2 id="dashboard-title">{t('home.dashboard')}</h2>
          <Button size="small" onClick={refresh} loading={dashboard.isFetching}>
            {t('home.refresh')}
          </Button>
        </div>
        {dashboard.status === 'inProgress' && counters.length === 0 ? (
          <Skeleton active paragraph={{ rows: 2 }} title={false} />
        ) : counters.length === 0 ? (
          <p className="muted">{t('common.noData')}</p>
        ) : (
          <ul className="counter-grid">
            {counters.map((counter) => (
              <li key={counter.key}>
                <Card size="small" className="counter-card" data-testid={`counter-${counter.key}`}>
                  <span className="counter-card__value">{valueOf(counter)}</span>
                  <span className="counter-card__label">{labelOf(counter)}</span>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </section>
      {user ? <HomeNotifications /> : null}
    </div>
  );
}
