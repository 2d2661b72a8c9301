import { Alert } from 'antd';

/** A screen's load or save failure, in the words the API or the workstation gave. */
export function ErrorAlert({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return <Alert type="error" showIcon title={message} style={{ marginBottom: 16 }} />;
}
