/**
 * `/teachersTraining/verify?code=` (结业证书验证, public): a code typed or carried by the link on the
 * certificate is checked with the server, which answers genuine (masked name, course, hours, date),
 * revoked, or not found. Lookups are rate-limited by the server.
 */
import { Alert, Descriptions, Input, Result, Skeleton } from 'antd';
import { useSearchParams } from 'react-router';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/error-message';
import { useVerifyCertificate } from '../api/verify-certificate';
import { beijingDateText, hoursLabel } from '../lib/format';
import styles from './training.module.css';

export function VerifyCertificate() {
  const [search, setSearch] = useSearchParams();
  const code = (search.get('code') ?? '').trim();
  const verify = useVerifyCertificate(code);
  const r = verify.data;
  return (
    <div className={styles.page}>
      <section className={styles.hero}>
        <div className={styles.heroInner}>
          <h1 className={styles.heroTitle}>结业证书验证</h1>
          <p className={styles.heroSub}>输入结业证书上的证书编号，核验证书真伪</p>
        </div>
      </section>
      <div className={`${styles.container}`}>
        <section className={`${styles.card} ${styles.verifyBox}`}>
          <label htmlFor="verify-code" className={styles.cardTitle} style={{ display: 'block', marginBottom: 8 }}>
            证书编号
          </label>
          <Input.Search
            id="verify-code"
            defaultValue={code}
            key={code}
            placeholder="例如 ABCD-EFGH-JKMN-PQRS"
            enterButton="验证"
            size="large"
            maxLength={40}
            onSearch={(v) => setSearch(v.trim() ? { code: v.trim() } : {})}
            data-testid="verify-input"
          />
          <div style={{ marginTop: 16 }} aria-live="polite" data-testid="verify-result">
            {!code ? (
              <p className={styles.muted}>证书编号为 16 位字母和数字，每 4 位以“-”分隔，见证书下方。</p>
            ) : verify.isError ? (
              <Alert type="error" showIcon title={errorMessage(verify.error, '验证失败，请稍后重试')} />
            ) : !r ? (
              <Skeleton active paragraph={{ rows: 3 }} />
            ) : r.status === 'unknown' ? (
              <Result
                status="error"
                title="未找到该证书"
                subTitle="请核对证书编号。编号不存在的证书不是本平台颁发的。"
                data-testid="verify-unknown"
              />
            ) : (
              <>
                <Result
                  status={r.status === 'valid' ? 'success' : 'warning'}
                  title={r.status === 'valid' ? '证书真实有效' : '该证书已注销'}
                  subTitle={
                    r.status === 'revoked' && r.revokedAt ? `注销日期 ${beijingDateText(r.revokedAt)}` : undefined
                  }
                  data-testid={r.status === 'valid' ? 'verify-valid' : 'verify-revoked'}
                />
                <Descriptions
                  bordered
                  column={1}
                  size="small"
                  items={[
                    { key: 'code', label: '证书编号', children: r.code },
                    { key: 'name', label: '持证人', children: r.holderName ?? '（已注销账号）' },
                    { key: 'course', label: '研修课程', children: r.courseTitle },
                    { key: 'hours', label: '学时', children: r.creditHours !== null ? hoursLabel(r.creditHours) : '—' },
                    { key: 'date', label: '结业日期', children: r.issuedAt ? beijingDateText(r.issuedAt) : '—' },
                  ]}
                />
              </>
            )}
          </div>
          <p style={{ marginTop: 16 }}>
            <Link to={paths.teachersTraining}>浏览研修课程</Link>
          </p>
        </section>
      </div>
    </div>
  );
}
