/**
 * The smallest environment `loadConfig` accepts with NODE_ENV=production (real SMS provider, real
 * secrets, a public origin, the teaching back-office): tests spread it and add or remove one setting to prove a production rule.
 */
export const PRODUCTION_ENV: Readonly<Record<string, string>> = {
  NODE_ENV: 'production',
  SMS_PROVIDER: 'aliyun',
  EAV_SIGN_SECRET: 'a-real-signing-secret',
  URL_SIGNING_SECRET: 'a-real-url-signing-secret-0123456789',
  PUBLIC_ORIGIN: 'https://portal.example.edu.cn',
  TEACHING_BACKOFFICE_URL: 'https://teaching.example.edu.cn/sso',
};
