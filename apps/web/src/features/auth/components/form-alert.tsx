/** The form-level error line (server message such as a lockout with its end time). */
import { Alert } from 'antd';

export function FormAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert type="error" showIcon title={message} role="alert" data-testid="form-error" style={{ marginBottom: 16 }} />
  );
}
