import { App, Button } from 'antd';
import { useState } from 'react';
import { useLanguage } from '../i18n/use-language';
import { downloadWorkbook } from './results';

/**
 * "Download Excel" for a report screen: asks the API for the workbook of what the screen shows
 * (`path`, with the screen's filters) and saves it under `fileName`; a refusal shows the server's
 * message in the reader's language.
 */
export function ExcelButton({ path, fileName, disabled = false, testId }: { path: string; fileName: string; disabled?: boolean; testId?: string }) {
  const { t } = useLanguage();
  const { message } = App.useApp();
  const [isDownloading, setIsDownloading] = useState(false);
  const download = async () => {
    setIsDownloading(true);
    const error = await downloadWorkbook(path, fileName);
    setIsDownloading(false);
    if (error) void message.error(error);
  };
  return (
    <Button disabled={disabled} loading={isDownloading} onClick={() => void download()} data-testid={testId}>
      {t('common.excel')}
    </Button>
  );
}
