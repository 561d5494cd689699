/**
 * 轮播图 (docs/console-content.md, Banners): the list in display order with state and window, an
 * editor with picture upload (the server crops to 1920 × 400 and re-encodes to WebP), a link that is
 * `https://` or an in-app path only, order, active switch, display window and a live preview;
 * deletion asks first. The list exports as CSV.
 */
import { isSafeLink, type AdminBanner, type BannerCreateBody } from '@eav/contract';
import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import {
  Alert,
  App,
  Button,
  Card,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Switch,
  Table,
  Tag,
  Upload,
} from 'antd';
import { useState } from 'react';
import { saveBlob } from '@/lib/download';
import { errorMessage } from '@/lib/error-message';
import { useAdminBanners, useDeleteBanner, useSaveBanner, useUploadBannerImage } from '../api/banners';
import { csvBlob, toCsv } from '../lib/csv';
import styles from './console.module.css';

interface BannerForm {
  title: string;
  subtitle: string;
  image: string;
  link: string;
  sortOrder: number;
  active: boolean;
  startsAt: string;
  endsAt: string;
}

/** `datetime-local` value (local time) of an ISO instant, and back. */
const toLocalInput = (iso: string | null) => {
  if (!iso) return '';
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const fromLocalInput = (v: string) => (v ? new Date(v).toISOString() : null);
const time = (iso: string | null) => (iso ? new Date(iso).toLocaleString('zh-CN', { hour12: false }) : '不限');

/** Whether a banner shows now: active and inside its window. */
function stateOf(b: AdminBanner, now: number): { label: string; color: string } {
  if (!b.active) return { label: '已停用', color: 'default' };
  if (b.startsAt && Date.parse(b.startsAt) > now) return { label: '未开始', color: 'blue' };
  if (b.endsAt && Date.parse(b.endsAt) <= now) return { label: '已结束', color: 'orange' };
  return { label: '展示中', color: 'green' };
}

function Preview({ image, title, subtitle }: { image: string; title: string; subtitle: string }) {
  return (
    <figure className={styles.bannerPreview} aria-label="轮播图预览">
      {image && <img src={image} alt="" />}
      <figcaption className={styles.bannerText}>
        <strong>{title || '标题'}</strong>
        {subtitle}
      </figcaption>
    </figure>
  );
}

function Editor({ banner, onClose }: { banner: AdminBanner | null; onClose: () => void }) {
  const { message } = App.useApp();
  const save = useSaveBanner();
  const upload = useUploadBannerImage();
  const [form] = Form.useForm<BannerForm>();
  const watched = Form.useWatch([], form) as Partial<BannerForm> | undefined;

  const submit = async () => {
    // An invalid form shows its messages; nothing to send.
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const body: BannerCreateBody = {
      title: v.title.trim(),
      subtitle: v.subtitle?.trim() || null,
      image: v.image.trim(),
      link: v.link?.trim() || null,
      sortOrder: v.sortOrder ?? 0,
      active: v.active,
      startsAt: fromLocalInput(v.startsAt),
      endsAt: fromLocalInput(v.endsAt),
    };
    try {
      await save.mutateAsync({ id: banner?.id ?? null, body });
      message.success(banner ? '轮播图已保存' : '轮播图已创建');
      onClose();
    } catch {
      // The API client has shown the server's message.
    }
  };

  return (
    <Modal
      open
      width={760}
      title={banner ? '编辑轮播图' : '新建轮播图'}
      okText="保存"
      cancelText="取消"
      confirmLoading={save.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
      rootClassName={styles.overlay}
    >
      <Form<BannerForm>
        name="banner"
        form={form}
        layout="vertical"
        initialValues={{
          title: banner?.title ?? '',
          subtitle: banner?.subtitle ?? '',
          image: banner?.image ?? '',
          link: banner?.link ?? '',
          sortOrder: banner?.sortOrder ?? 0,
          active: banner?.active ?? true,
          startsAt: toLocalInput(banner?.startsAt ?? null),
          endsAt: toLocalInput(banner?.endsAt ?? null),
        }}
      >
        <Form.Item
          name="title"
          label="标题"
          rules={[
            { required: true, whitespace: true, message: '请输入标题' },
            { max: 60, message: '标题不能超过 60 个字' },
          ]}
        >
          <Input />
        </Form.Item>
        <Form.Item name="subtitle" label="副标题" rules={[{ max: 120, message: '副标题不能超过 120 个字' }]}>
          <Input />
        </Form.Item>
        <Form.Item label="图片" required>
          <div className={styles.toolbar}>
            <Form.Item
              name="image"
              noStyle
              rules={[
                { required: true, whitespace: true, message: '请上传图片或填写图片地址' },
                {
                  validator: (_, v: string) =>
                    !v || isSafeLink(v.trim())
                      ? Promise.resolve()
                      : Promise.reject(new Error('图片地址只能是 https:// 链接或站内路径')),
                },
              ]}
            >
              <Input aria-label="图片地址" placeholder="上传后自动填写，或填写 https:// 地址" style={{ width: 420 }} />
            </Form.Item>
            <Upload
              accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
              showUploadList={false}
              beforeUpload={(file) => {
                upload.mutate(file, {
                  onSuccess: (img) => {
                    form.setFieldValue('image', img.url);
                    void form.validateFields(['image']).catch(() => undefined);
                    message.success(`图片已裁剪为 ${img.width}×${img.height}`);
                  },
                });
                return false;
              }}
            >
              <Button icon={<UploadOutlined aria-hidden />} loading={upload.isPending}>
                上传图片
              </Button>
            </Upload>
          </div>
          <p className={styles.muted}>图片按 1920×400 居中裁剪并转为 WebP，最大 10 MB。</p>
          {upload.isError && <Alert type="error" showIcon title={errorMessage(upload.error, '图片上传失败')} />}
        </Form.Item>
        <Form.Item
          name="link"
          label="链接"
          extra="https:// 开头的网址，或以 / 开头的站内路径，例如 /digitalBook"
          rules={[
            {
              validator: (_, v: string) =>
                !v?.trim() || isSafeLink(v.trim())
                  ? Promise.resolve()
                  : Promise.reject(new Error('链接只能是 https:// 网址或站内路径')),
            },
          ]}
        >
          <Input placeholder="/digitalBook" />
        </Form.Item>
        <div className={styles.toolbar}>
          <Form.Item name="sortOrder" label="排序（小的在前）">
            <InputNumber min={0} max={2147483647} precision={0} />
          </Form.Item>
          <Form.Item name="active" label="启用" valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="startsAt" label="开始展示">
            <Input type="datetime-local" />
          </Form.Item>
          <Form.Item
            name="endsAt"
            label="结束展示"
            dependencies={['startsAt']}
            rules={[
              ({ getFieldValue }) => ({
                validator: (_, v: string) => {
                  const s = getFieldValue('startsAt') as string;
                  return !v || !s || Date.parse(v) > Date.parse(s)
                    ? Promise.resolve()
                    : Promise.reject(new Error('结束时间必须晚于开始时间'));
                },
              }),
            ]}
          >
            <Input type="datetime-local" />
          </Form.Item>
        </div>
      </Form>
      <h3 className={styles.subtitle}>预览</h3>
      <Preview image={watched?.image ?? ''} title={watched?.title ?? ''} subtitle={watched?.subtitle ?? ''} />
    </Modal>
  );
}

export function BannersConsole() {
  const { message } = App.useApp();
  const list = useAdminBanners();
  const remove = useDeleteBanner();
  const [editing, setEditing] = useState<AdminBanner | null | 'new'>(null);
  const now = Date.now();

  const exportCsv = () => {
    const rows = (list.data ?? []).map((b) => [
      b.id,
      b.title,
      b.subtitle,
      b.image,
      b.link,
      b.sortOrder,
      stateOf(b, now).label,
      b.startsAt,
      b.endsAt,
    ]);
    saveBlob(
      csvBlob(toCsv(['编号', '标题', '副标题', '图片', '链接', '排序', '状态', '开始展示', '结束展示'], rows)),
      '轮播图.csv',
    );
  };

  return (
    <div className={styles.page}>
      <h1 className={styles.title}>轮播图</h1>
      <Card
        title={<h2 className={styles.subtitle}>首页轮播图</h2>}
        extra={
          <div className={styles.toolbar}>
            <Button onClick={exportCsv} disabled={!list.data?.length}>
              导出 CSV
            </Button>
            <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setEditing('new')}>
              新建轮播图
            </Button>
          </div>
        }
      >
        {list.isError && (
          <Alert
            type="error"
            showIcon
            title={errorMessage(list.error)}
            action={<Button onClick={() => void list.refetch()}>重试</Button>}
          />
        )}
        <Table<AdminBanner>
          rowKey="id"
          loading={list.isLoading}
          dataSource={list.data ?? []}
          pagination={false}
          locale={{ emptyText: '还没有轮播图' }}
          columns={[
            {
              title: '图片',
              key: 'image',
              width: 210,
              render: (_, b) => <img className={styles.bannerThumb} src={b.image} alt="" />,
            },
            {
              title: '标题',
              dataIndex: 'title',
              sorter: (a, b) => a.title.localeCompare(b.title, 'zh-CN'),
            },
            { title: '链接', dataIndex: 'link', ellipsis: true, render: (v: string | null) => v ?? '—' },
            {
              title: '排序',
              dataIndex: 'sortOrder',
              width: 80,
              defaultSortOrder: 'ascend',
              sorter: (a, b) => a.sortOrder - b.sortOrder,
            },
            {
              title: '状态',
              key: 'state',
              width: 90,
              filters: ['展示中', '未开始', '已结束', '已停用'].map((s) => ({ text: s, value: s })),
              onFilter: (v, b) => stateOf(b, now).label === v,
              render: (_, b) => {
                const s = stateOf(b, now);
                return <Tag color={s.color}>{s.label}</Tag>;
              },
            },
            {
              title: '展示时段',
              key: 'window',
              width: 320,
              render: (_, b) => `${time(b.startsAt)} 至 ${time(b.endsAt)}`,
            },
            {
              title: '操作',
              key: 'actions',
              width: 170,
              render: (_, b) => (
                <div className={styles.actions}>
                  <Button type="link" onClick={() => setEditing(b)} aria-label={`编辑 ${b.title}`}>
                    编辑
                  </Button>
                  <Popconfirm
                    title="删除这张轮播图？"
                    description="删除后首页不再展示，且无法恢复。"
                    okText="删除"
                    okButtonProps={{ danger: true }}
                    cancelText="取消"
                    onConfirm={() =>
                      remove.mutateAsync(b.id).then(
                        () => void message.success('已删除'),
                        () => undefined,
                      )
                    }
                  >
                    <Button type="link" danger aria-label={`删除 ${b.title}`}>
                      删除
                    </Button>
                  </Popconfirm>
                </div>
              ),
            },
          ]}
        />
      </Card>
      {editing && <Editor banner={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </div>
  );
}
