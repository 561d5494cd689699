/** Shell of the desktop accounts forms: the large antd form, its form-level alert and the submit button. */
import { Button, Form, type FormInstance } from 'antd';
import type { ReactNode } from 'react';
import type { PendingSubmit } from '../hooks/use-auth-calls';
import { FormAlert } from './form-alert';
import styles from './auth.module.css';

/** Props shared by the desktop and H5 form shells; `V` is the form's values. */
export interface AuthFormShellProps<V> {
  submit: PendingSubmit<NoInfer<V>>;
  /** Text of the submit button. */
  submitText: string;
  initialValues?: Partial<NoInfer<V>>;
  children: ReactNode;
}

export function AuthForm<V extends object>({
  form,
  label,
  submit,
  submitText,
  initialValues,
  children,
}: AuthFormShellProps<V> & {
  form: FormInstance<V>;
  /** Accessible name of the form. */
  label: string;
}) {
  return (
    <Form
      form={form}
      size="large"
      onFinish={submit.onFinish}
      onValuesChange={() => submit.setFormError(null)}
      initialValues={initialValues}
      aria-label={label}
      className={styles.form}
    >
      {children}
      <FormAlert message={submit.formError} />
      <Button type="primary" htmlType="submit" block loading={submit.pending} className={styles.submit}>
        {submitText}
      </Button>
    </Form>
  );
}
