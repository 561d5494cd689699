/**
 * 证书查询与撤销: enter a certificate code (any case, spaces or missing dashes) → holder, course,
 * hours, date and state → 撤销 with a reason, confirmed. Revoking is idempotent on the server.
 */
import { trainingRevokeBody } from '@eav/contract';
import { Alert, App, Button, Descriptions, Form, Input, Modal, Tag, Typography } from 'antd';
import { useState } from 'react';
import { SaveError } from '@/components/ui/save-error';
import { errorMessage } from '@/lib/error-message';
import { requiredRule, zodRule } from '@/lib/form-rules';
import { useCertificate } from '../api/get-certificate';
import { useRevokeCertificate } from '../api/revoke-certificate';
import { consoleLayout } from '@/components/console/console-page';
import { beijingDateTime } from '@/lib/beijing-format';

const time = (iso: string | null) => beijingDateTime(iso);

export function CertificateBox() {
  const { message } = App.useApp();
  const [code, setCode] = useState('');
  const [asking, setAsking] = useState(false);
  const [form] = Form.useForm<{ reason: string }>();
  const cert = useCertificate(code);
  const revoke = useRevokeCertificate();
  const c = cert.data;

  const submit = ({ reason }: { reason: string }) =>
    c &&
    revoke.mutate(
      { code: c.code, reason: reason.trim() },
      {
        onSuccess: () => {
          setAsking(false);
          form.resetFields();
          void message.success('证书已撤销');
        },
      },
    );

  return (
    <section className={consoleLayout.panel} aria-labelledby="certificates">
      <Typography.Title level={2} id="certificates" style={{ fontSize: 16 }}>
        结业证书查询与撤销
      </Typography.Title>
      <Input.Search
        aria-label="证书编号"
        placeholder="证书编号，如 ABCD-EFGH-JKMN-PQRS"
        enterButton="查询"
        allowClear
        style={{ maxWidth: 420 }}
        loading={cert.isFetching}
        onSearch={(v) => setCode(v.trim())}
      />
      {cert.isError && (
        <Alert
          style={{ marginTop: 12 }}
          type="warning"
          showIcon
          title={errorMessage(cert.error, '操作失败，请稍后重试')}
          role="status"
        />
      )}
      {c && (
        <Descriptions bordered size="small" column={2} style={{ marginTop: 16 }}>
          <Descriptions.Item label="证书编号">{c.code}</Descriptions.Item>
          <Descriptions.Item label="状态">
            {c.status === 'revoked' ? <Tag color="red">已撤销</Tag> : <Tag color="green">有效</Tag>}
          </Descriptions.Item>
          <Descriptions.Item label="持证人">{c.holderName ?? '（账号已注销）'}</Descriptions.Item>
          <Descriptions.Item label="课程">{c.courseTitle}</Descriptions.Item>
          <Descriptions.Item label="学时">{c.creditHours}</Descriptions.Item>
          <Descriptions.Item label="发证时间">{time(c.issuedAt)}</Descriptions.Item>
          {c.revokedAt && <Descriptions.Item label="撤销时间">{time(c.revokedAt)}</Descriptions.Item>}
          {c.revokedReason && <Descriptions.Item label="撤销原因">{c.revokedReason}</Descriptions.Item>}
        </Descriptions>
      )}
      {c && c.status === 'valid' && (
        <Button danger style={{ marginTop: 12 }} onClick={() => setAsking(true)}>
          撤销证书
        </Button>
      )}
      <Modal
        open={asking}
        title={c ? `撤销证书 ${c.code}？` : '撤销证书'}
        okText="撤销"
        okButtonProps={{ danger: true, loading: revoke.isPending }}
        cancelText="取消"
        onOk={() => form.submit()}
        onCancel={() => setAsking(false)}
        destroyOnHidden
      >
        <Typography.Paragraph>
          撤销后该证书在公开验证页显示为“已撤销”，持证人不能再下载证书。已获得的学时保留在研修档案中。此操作不能撤回。
        </Typography.Paragraph>
        <Form form={form} layout="vertical" onFinish={submit} aria-label="撤销原因">
          <Form.Item
            name="reason"
            label="撤销原因"
            rules={[requiredRule('请填写注销原因'), zodRule(trainingRevokeBody.shape.reason)]}
          >
            <Input.TextArea rows={3} maxLength={200} showCount />
          </Form.Item>
        </Form>
        <SaveError error={revoke.error} />
      </Modal>
    </section>
  );
}
