import { Result, Typography } from 'antd';
import type { ReactNode } from 'react';
import type { WorkstationMessageKey } from '../i18n/en';
import { useLanguage } from '../i18n/use-language';

type BilingualResultProps = {
  status: 'info' | '403' | '404' | 'warning';
  titleKey: WorkstationMessageKey;
  bodyKey: WorkstationMessageKey;
  /** Parameters per language, since a screen name differs between the two. */
  params?: { current?: Record<string, string>; other?: Record<string, string> };
  extra?: ReactNode;
  children?: ReactNode;
  testId: string;
};

/**
 * A notice that says its message in the user's language and, beneath it, in the other one:
 * these pages (not built, refused, not found) must read plainly to every member of staff.
 */
export function BilingualResult({ status, titleKey, bodyKey, params, extra, children, testId }: BilingualResultProps) {
  const { t, tOther, otherLanguage } = useLanguage();
  return (
    <Result
      data-testid={testId}
      status={status}
      title={t(titleKey)}
      subTitle={t(bodyKey, params?.current)}
      extra={extra}
    >
      <div lang={otherLanguage} data-testid={`${testId}-other-language`}>
        <Typography.Paragraph type="secondary" strong style={{ marginBottom: 4 }}>
          {tOther(titleKey)}
        </Typography.Paragraph>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {tOther(bodyKey, params?.other)}
        </Typography.Paragraph>
      </div>
      {children}
    </Result>
  );
}
