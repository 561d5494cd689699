/**
 * 轮播图 (docs/console-content.md, Banners): the list in display order with state and window, moved
 * up or down one place by 上移/下移 (one reorder call for the whole list); an editor with picture
 * upload through a crop step fixed to the carousel's 1920 × 400 (banner-crop-dialog.tsx; the server
 * re-encodes to WebP), a link that is `https://` or an in-app path only, the numeric order, active
 * switch, display window and a live preview; deletion asks first. The list, filtered by state as
 * shown, exports as Excel or CSV from the server.
 */
import {
  ApiPaths,
  BANNER_IMAGE_SIZE,
  BANNER_STATE_LABELS,
  BANNER_STATES,
  bannerStateAt,
  isSafeLink,
  type AdminBanner,
  type BannerCreateBody,
  type BannerState,
} from '@eav/contract';
import { ArrowDownOutlined, ArrowUpOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Form, Input, InputNumber, Modal, Popconfirm, Switch, Tag, Upload } from 'antd';
import { useState } from 'react';
import { ConsoleTable } from '@/components/console/console-table';
import { ExportButtons } from '@/components/export-buttons';
import { useAdminBanners, useDeleteBanner, useReorderBanners, useSaveBanner } from '../api/banners';
import { BannerCropDialog } from './banner-crop-dialog';
import styles from './console.module.css';
import { ConsolePage } from '@/components/console/console-page';
import { beijingDateTime } from '@/lib/beijing-format';

/** Pictures the browser can decode and the server accepts, and their size bound (bytes). */
const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'];
const IMAGE_LIMIT = 10 * 1024 * 1024;
const SIZE = `${BANNER_IMAGE_SIZE.width}×${BANNER_IMAGE_SIZE.height}`;

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
const time = (iso: string | null) => beijingDateTime(iso, '不限');

const STATE_COLORS: Record<BannerState, string> = {
  showing: 'green',
  upcoming: 'blue',
  ended: 'orange',
  inactive: 'default',
};

/** The ids in display order with the banner at `index` swapped with its neighbour `by` places away. */
function moved(list: AdminBanner[], index: number, by: -1 | 1): number[] {
  const ids = list.map((b) => b.id);
  const other = index + by;
  [ids[index], ids[other]] = [ids[other]!, ids[index]!];
  return ids;
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
  const [picked, setPicked] = useState<File | null>(null);
  const [pickError, setPickError] = useState<string | null>(null);
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
              accept={IMAGE_TYPES.join(',')}
              showUploadList={false}
              beforeUpload={(file) => {
                setPickError(null);
                if (!IMAGE_TYPES.includes(file.type)) setPickError('仅支持 JPG、PNG、WebP、GIF 或 AVIF 格式的图片');
                else if (file.size > IMAGE_LIMIT) setPickError('图片不能超过 10 MB');
                else setPicked(file);
                return false;
              }}
            >
              <Button icon={<UploadOutlined aria-hidden />}>上传图片</Button>
            </Upload>
          </div>
          <p className={styles.muted}>选择图片后按 {SIZE} 的比例裁剪，上传后转为 WebP，最大 10 MB。</p>
          {pickError && <Alert type="error" showIcon title={pickError} role="alert" />}
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
      {picked && (
        <BannerCropDialog
          file={picked}
          onClose={() => setPicked(null)}
          onUploaded={(img) => {
            setPicked(null);
            form.setFieldValue('image', img.url);
            void form.validateFields(['image']).catch(() => undefined);
            message.success(`图片已裁剪为 ${img.width}×${img.height}`);
          }}
        />
      )}
    </Modal>
  );
}

export function BannersConsole() {
  const { message } = App.useApp();
  const list = useAdminBanners();
  const remove = useDeleteBanner();
  const reorder = useReorderBanners();
  const [editing, setEditing] = useState<AdminBanner | null | 'new'>(null);
  const [state, setState] = useState<BannerState | undefined>(undefined);
  const now = Date.now();
  const rows = list.data ?? [];

  // Moving swaps with the neighbour in the whole list, so it is offered only while no state filter hides rows.
  const move = (b: AdminBanner, by: -1 | 1) => {
    const index = rows.findIndex((r) => r.id === b.id);
    void reorder.mutateAsync(moved(rows, index, by)).then(
      () => void message.success(by < 0 ? `已上移：${b.title}` : `已下移：${b.title}`),
      () => undefined,
    );
  };

  return (
    <ConsolePage title="轮播图">
      <Card
        title={<h2 className={styles.subtitle}>首页轮播图</h2>}
        extra={
          <div className={styles.toolbar}>
            <ExportButtons url={ApiPaths.adminBannersExport} params={{ state }} label="轮播图" />
            <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setEditing('new')}>
              新建轮播图
            </Button>
          </div>
        }
      >
        <ConsoleTable<AdminBanner>
          label="首页轮播图"
          query={list}
          rowKey="id"
          scroll={{ x: 1100 }}
          emptyText="还没有轮播图"
          onChange={(_p, filters) => setState((filters.state?.[0] as BannerState | undefined) ?? undefined)}
          columns={[
            {
              title: '图片',
              key: 'image',
              width: 210,
              render: (_, b) => <img className={styles.bannerThumb} src={b.image} alt="" />,
            },
            { title: '标题', dataIndex: 'title' },
            { title: '链接', dataIndex: 'link', ellipsis: true, render: (v: string | null) => v ?? '—' },
            {
              title: '排序',
              key: 'order',
              width: 150,
              render: (_, b) => {
                const index = rows.findIndex((r) => r.id === b.id);
                return (
                  <div className={styles.actions}>
                    <span className={styles.sortValue}>{b.sortOrder}</span>
                    <Button
                      size="small"
                      icon={<ArrowUpOutlined aria-hidden />}
                      title="上移"
                      disabled={index <= 0 || reorder.isPending || !!state}
                      onClick={() => move(b, -1)}
                      aria-label={`上移 ${b.title}`}
                    />
                    <Button
                      size="small"
                      icon={<ArrowDownOutlined aria-hidden />}
                      title="下移"
                      disabled={index === rows.length - 1 || reorder.isPending || !!state}
                      onClick={() => move(b, 1)}
                      aria-label={`下移 ${b.title}`}
                    />
                  </div>
                );
              },
            },
            {
              title: '状态',
              key: 'state',
              width: 90,
              filterMultiple: false,
              filteredValue: state ? [state] : null,
              filters: BANNER_STATES.map((s) => ({ text: BANNER_STATE_LABELS[s], value: s })),
              onFilter: (v, b) => bannerStateAt(b, now) === v,
              render: (_, b) => {
                const s = bannerStateAt(b, now);
                return <Tag color={STATE_COLORS[s]}>{BANNER_STATE_LABELS[s]}</Tag>;
              },
            },
            {
              title: '展示时段',
              key: 'window',
              width: 220,
              render: (_, b) => `${time(b.startsAt)} 至 ${time(b.endsAt)}`,
            },
            {
              title: '操作',
              key: 'actions',
              width: 140,
              fixed: 'right',
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
    </ConsolePage>
  );
}
