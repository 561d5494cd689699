/**
 * 注册: identity (学生/教师), a student's birth year (docs/privacy.md, Guardians), phone, image captcha + SMS code (purpose `register`), user name,
 * password and its confirmation, and the consent checkbox (unticked; the documents open in a new tab).
 * Platform WEB and the consent version are added by the call.
 */
import type { Identity, LoginData } from '@eav/contract';
import { Checkbox, Form, Input, Radio, Select } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { PrivacyLink, TermsLink } from '@/components/policy-links';
import { birthYearOptions } from '@/lib/birth-year';
import { useRegisterSubmit } from '../hooks/use-auth-calls';
import { rules } from '../utils/rules';
import { NewPasswordFields, PhoneCaptchaSmsFields } from './auth-fields';
import { AuthForm } from './auth-form';
import styles from './auth.module.css';

interface Values {
  identity: Identity;
  phone: string;
  captchaCode: string;
  smsCode: string;
  userName: string;
  password: string;
  confirm: string;
  consent: boolean;
  birthYear?: number;
}

export function RegisterForm({ onSuccess }: { onSuccess: (data: LoginData) => Promise<void> }) {
  const [form] = Form.useForm<Values>();
  const submit = useRegisterSubmit(form, onSuccess);
  const identity = Form.useWatch('identity', form);

  return (
    <AuthForm form={form} label="注册" submit={submit} submitText="注册并登录" initialValues={{ identity: 'student' }}>
      <Form.Item name="identity" rules={rules.identity}>
        <Radio.Group optionType="button" buttonStyle="solid" block aria-label="身份">
          <Radio.Button value="student">我是学生</Radio.Button>
          <Radio.Button value="teacher">我是教师</Radio.Button>
        </Radio.Group>
      </Form.Item>
      {identity !== 'teacher' && (
        <Form.Item
          name="birthYear"
          rules={rules.birthYear}
          extra="未满 14 周岁的学生注册后，需监护人通过短信验证同意后才能使用全部功能"
        >
          <Select
            showSearch
            placeholder="出生年份"
            aria-label="出生年份"
            options={birthYearOptions()}
            optionFilterProp="label"
            data-testid="register-birth-year"
          />
        </Form.Item>
      )}
      <PhoneCaptchaSmsFields purpose="register" onFormError={submit.setFormError} />
      <Form.Item name="userName" rules={rules.userName} extra="2-20 位中文、字母、数字或下划线，不能为纯数字">
        <Input
          prefix={<UserOutlined className={styles.prefixIcon} />}
          placeholder="用户名"
          autoComplete="nickname"
          aria-label="用户名"
          maxLength={20}
        />
      </Form.Item>
      <NewPasswordFields label="设置密码" confirmLabel="确认密码" />
      <Form.Item className={styles.consent} required={false}>
        <Form.Item name="consent" valuePropName="checked" rules={rules.consent} noStyle>
          <Checkbox aria-label="我已阅读并同意《用户服务协议》与《隐私政策》" data-testid="register-consent">
            我已阅读并同意
          </Checkbox>
        </Form.Item>
        <TermsLink newTab />与<PrivacyLink newTab />
      </Form.Item>
    </AuthForm>
  );
}
