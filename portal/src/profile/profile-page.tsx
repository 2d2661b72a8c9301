import { Alert, Button, Progress, Skeleton } from 'antd';
import { lazy, Suspense, useEffect, useRef, type ComponentType, type LazyExoticComponent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams, useSearchParams } from 'react-router-dom';
import { FullPageLoader } from '../components/full-page-loader';
import { PROFILE_SECTION_COUNT } from '../config';
import { useProfileFormat } from './format';
import { fetchProfile, useProfileState } from './profile-api';
import { prefetchReference, type ReferenceList } from './reference-data';
import type { Profile, ProfileSection } from './profile-types';
import './profile.css';
import type { TabProps } from './tabs/tab-props';
import { UnsavedChangesProvider } from './unsaved-changes';

// spec §2: /user/profile with tabs personal, contact, education, training, professional, extra,
// experience, documents, preview. The tab is in the path (/user/profile/education; also read from
// ?tab=education), so a tab can be linked, reloaded and left with the unsaved-data warning; each
// tab's module is its own chunk, loaded when the tab is opened.

export const PROFILE_TABS = ['personal', 'contact', 'education', 'training', 'professional', 'extra', 'experience', 'documents', 'preview'] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];

function isProfileTab(value: string | null | undefined): value is ProfileTab {
  return PROFILE_TABS.includes(value as ProfileTab);
}

const TAB_MODULES: Record<ProfileTab, LazyExoticComponent<ComponentType<TabProps>>> = {
  personal: lazy(() => import('./tabs/personal-tab')),
  contact: lazy(() => import('./tabs/contact-tab')),
  education: lazy(() => import('./tabs/education-tab')),
  training: lazy(() => import('./tabs/training-tab')),
  professional: lazy(() => import('./tabs/professional-tab')),
  extra: lazy(() => import('./tabs/extra-tab')),
  experience: lazy(() => import('./tabs/experience-tab')),
  documents: lazy(() => import('./tabs/documents-tab')),
  preview: lazy(() => import('./tabs/preview-tab')),
};

/**
 * The reference lists a tab's form asks for as it renders (its useReference calls): asked for
 * with the profile instead, so that opening a tab waits for one round trip, not the profile's
 * and then the list's.
 */
const REFERENCE_LISTS_OF_TAB: Partial<Record<ProfileTab, ReferenceList[]>> = {
  personal: ['districts'],
  education: ['universities', 'education-levels', 'faculties'],
  extra: ['caste-groups'],
  experience: ['service-classes'],
};

/** The completeness section each tab fills in (the preview fills none). */
const SECTION_OF_TAB: Partial<Record<ProfileTab, ProfileSection>> = {
  personal: 'personal',
  contact: 'contact',
  education: 'education',
  training: 'training',
  professional: 'professional',
  extra: 'extra',
  experience: 'experience',
  documents: 'documents',
};

/** spec §2 "Profile completeness is shown as x of 8 sections", and which ones are missing. */
function Completeness({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const format = useProfileFormat();
  const { completed, total, sections } = profile.completeness;
  const missing = PROFILE_TABS.filter((tab) => {
    const section = SECTION_OF_TAB[tab];
    return section !== undefined && !sections[section];
  });
  return (
    <div className="profile-completeness" data-testid="profile-completeness">
      <Progress
        percent={Math.round((completed / (total || PROFILE_SECTION_COUNT)) * 100)}
        showInfo={false}
        size="small"
        status={completed === total ? 'success' : 'active'}
        aria-hidden
      />
      <p className="profile-completeness__text">
        <strong>{t('profileForm.completeness', { value: format.digits(completed), total: format.digits(total || PROFILE_SECTION_COUNT) })}</strong>
        {missing.length > 0 ? (
          <span className="muted"> {t('profileForm.missingSections', { sections: missing.map((tab) => t(`profileTab.${tab}`)).join(', ') })}</span>
        ) : (
          <span className="muted"> {t('profileForm.allSectionsDone')}</span>
        )}
      </p>
    </div>
  );
}

/** spec §4 "Profile ... locked or unlocked, with start and expiry dates". */
function LockBanner({ lock }: { lock: NonNullable<Profile['lock']> }) {
  const { t } = useTranslation();
  const format = useProfileFormat();
  const until = format.date(lock.lockedUntilAd ?? lock.lockedUntil.slice(0, 10), lock.lockedUntilBs ?? null);
  const isActive = lock.isActive !== false;
  return (
    <Alert
      type={isActive ? 'error' : 'warning'}
      showIcon
      role="alert"
      className="profile-lock"
      data-testid="profile-lock"
      title={isActive ? t('profileForm.locked', { date: until }) : t('profileForm.lockComing', { date: until })}
      description={lock.reason ? t('profileForm.lockReason', { reason: lock.reason }) : undefined}
    />
  );
}

/**
 * The tabs as links in one row that scrolls sideways on a phone (every tab stays one swipe away,
 * none hidden in an overflow menu); a link so the unsaved-data warning guards it like any page.
 */
function ProfileTabNav({ active, profile }: { active: ProfileTab; profile: Profile | null }) {
  const { t } = useTranslation();
  const activeRef = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    activeRef.current?.scrollIntoView({ block: 'nearest', inline: 'center' });
  }, [active]);
  return (
    <nav className="profile-tabs" aria-label={t('profileForm.tabs')}>
      <ul className="profile-tabs__list">
        {PROFILE_TABS.map((key) => {
          const section = SECTION_OF_TAB[key];
          const isDone = Boolean(section && profile?.completeness.sections[section]);
          const isActive = key === active;
          return (
            <li key={key}>
              <Link
                ref={isActive ? activeRef : undefined}
                to={`/user/profile/${key}`}
                className={`profile-tabs__tab${isActive ? ' profile-tabs__tab--active' : ''}`}
                aria-current={isActive ? 'page' : undefined}
                data-testid={`profile-tab-${key}`}
              >
                {t(`profileTab.${key}`)}
                {isDone ? (
                  <span className="profile-tabs__done" role="img" aria-label={t('profileForm.sectionDone')}>
                    {' ✓'}
                  </span>
                ) : null}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

export default function ProfilePage() {
  const { t } = useTranslation();
  const { tab: pathTab } = useParams();
  const [search] = useSearchParams();
  const state = useProfileState();
  const profile = state.data;

  useEffect(() => {
    void fetchProfile();
  }, []);

  const queryTab = search.get('tab');
  const tab: ProfileTab = isProfileTab(pathTab) ? pathTab : 'personal';
  useEffect(() => {
    for (const list of REFERENCE_LISTS_OF_TAB[tab] ?? []) prefetchReference(list);
  }, [tab]);

  if (!pathTab && isProfileTab(queryTab)) return <Navigate to={`/user/profile/${queryTab}`} replace />;
  if (pathTab && !isProfileTab(pathTab)) return <Navigate to="/user/profile" replace />;
  const TabModule = TAB_MODULES[tab];
  const isLocked = Boolean(profile?.lock && profile.lock.isActive !== false);

  return (
    <UnsavedChangesProvider>
      <div className="profile-page">
        <div className="profile-page__header">
          <h1 className="page-title">{t('nav.profile')}</h1>
          {profile ? <Completeness profile={profile} /> : null}
        </div>
        {profile?.lock ? <LockBanner lock={profile.lock} /> : null}
        <ProfileTabNav active={tab} profile={profile} />
        <div id="profile-panel" aria-label={t(`profileTab.${tab}`)} className="profile-page__panel">
          {profile ? (
            <Suspense fallback={<FullPageLoader />}>
              <TabModule profile={profile} isLocked={isLocked} />
            </Suspense>
          ) : state.isFailed ? (
            <Alert
              type="error"
              showIcon
              title={t('profileForm.loadFailed')}
              action={
                <Button size="small" onClick={() => void fetchProfile()}>
                  {t('home.refresh')}
                </Button>
              }
            />
          ) : (
            <Skeleton active paragraph={{ rows: 6 }} />
          )}
        </div>
      </div>
    </UnsavedChangesProvider>
  );
}
