/**
 * The editor of a prize activity: code, name, rules, time, recommended books (picked from the
 * catalogue by title or externalId), reading and points rules and prize groups. An activity that has
 * started is shown read-only: the server refuses its edits (PRIZE.ACTIVITY_STARTED) in Chinese.
 */
import type { ActivityDefinition, AdminActivity } from '@eav/contract';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, App, Button, Checkbox, Drawer, Form, Input, InputNumber, Select, Switch } from 'antd';
import { useState } from 'react';
import { useSaveActivity } from '../api/activities';
import { useConsoleTextbooks } from '../api/get-textbooks';
import styles from './console.module.css';

interface ActivityForm {
  code: string;
  title: string;
  rules: string;
  startAt: string;
  endAt: string;
  books: string[];
  dailyCapSeconds: number;
  perBookCapSeconds: number;
  pointsPerMinute: number;
  activation: number;
  finishBook: number;
  drawCost: number;
  perUserPrizeLimit: number;
  published: boolean;
  prizeGroups: { name: string; quantity: number; weight: number; fallback?: boolean }[];
}

const toLocalInput = (iso: string) => {
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};

function initial(a: AdminActivity | null): ActivityForm {
  if (!a)
    return {
      code: '',
      title: '',
      rules: '',
      startAt: '',
      endAt: '',
      books: [],
      dailyCapSeconds: 3600,
      perBookCapSeconds: 1800,
      pointsPerMinute: 1,
      activation: 10,
      finishBook: 20,
      drawCost: 50,
      perUserPrizeLimit: 1,
      published: true,
      prizeGroups: [
        { name: '一等奖', quantity: 10, weight: 1 },
        { name: '参与奖', quantity: 1000, weight: 99, fallback: true },
      ],
    };
  return {
    code: a.activityCode,
    title: a.title,
    rules: a.rules,
    startAt: toLocalInput(a.startAt),
    endAt: toLocalInput(a.endAt),
    books: a.books,
    dailyCapSeconds: a.dailyCapSeconds,
    perBookCapSeconds: a.perBookCapSeconds,
    pointsPerMinute: a.pointsPerMinute,
    activation: a.taskPoints.activation,
    finishBook: a.taskPoints.finishBook,
    drawCost: a.drawCost,
    perUserPrizeLimit: a.perUserPrizeLimit,
    published: a.published,
    prizeGroups: a.prizeGroups.map((g) => ({
      name: g.name,
      quantity: g.quantity,
      weight: g.weight,
      fallback: g.fallback,
    })),
  };
}

/** A multiple select of catalogue books by externalId, searched on the server. */
function BookPicker({
  value,
  onChange,
  disabled,
}: {
  value?: string[];
  onChange?: (v: string[]) => void;
  disabled: boolean;
}) {
  const [q, setQ] = useState('');
  const books = useConsoleTextbooks({ page: 1, pageSize: 20, q: q || undefined, sort: 'id', order: 'asc' });
  const options = (books.data?.items ?? []).map((b) => ({
    value: b.externalId,
    label: `${b.title}（${b.externalId}）`,
  }));
  for (const v of value ?? []) if (!options.some((o) => o.value === v)) options.push({ value: v, label: v });
  return (
    <Select
      mode="multiple"
      aria-label="推荐教材"
      disabled={disabled}
      value={value}
      onChange={onChange}
      showSearch={{ filterOption: false, onSearch: setQ }}
      loading={books.isFetching}
      options={options}
      placeholder="输入标题或 externalId 搜索"
      notFoundContent={books.isFetching ? '搜索中…' : '没有找到教材'}
    />
  );
}

export function ActivityEditor({ activity, onClose }: { activity: AdminActivity | null; onClose: () => void }) {
  const { message } = App.useApp();
  const save = useSaveActivity();
  const [form] = Form.useForm<ActivityForm>();
  const locked = activity !== null && activity.status !== 'upcoming';

  const submit = async () => {
    // An invalid form shows its messages; nothing to send.
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const def: ActivityDefinition = {
      code: v.code.trim(),
      title: v.title.trim(),
      rules: v.rules,
      startAt: new Date(v.startAt).toISOString(),
      endAt: new Date(v.endAt).toISOString(),
      books: v.books,
      dailyCapSeconds: v.dailyCapSeconds,
      perBookCapSeconds: v.perBookCapSeconds,
      pointsPerMinute: v.pointsPerMinute,
      taskPoints: { activation: v.activation, finishBook: v.finishBook },
      drawCost: v.drawCost,
      perUserPrizeLimit: v.perUserPrizeLimit,
      published: v.published,
      prizeGroups: v.prizeGroups.map((g) => ({ ...g, fallback: !!g.fallback })),
    };
    try {
      const saved = await save.mutateAsync(def);
      message.success(saved.created ? '活动已创建' : '活动已保存');
      onClose();
    } catch {
      // The API client has shown the server's message (for example 活动已开始，不能修改).
    }
  };

  const num = (name: keyof ActivityForm, label: string, max: number, min = 0) => (
    <Form.Item name={name} label={label} rules={[{ required: true, message: `请填写${label}` }]}>
      <InputNumber min={min} max={max} precision={0} style={{ width: 160 }} />
    </Form.Item>
  );

  return (
    <Drawer
      open
      width={720}
      title={activity ? `活动：${activity.title}` : '新建活动'}
      onClose={onClose}
      destroyOnHidden
      rootClassName={styles.overlay}
      styles={{ body: { padding: 0, overflow: 'hidden' } }}
      extra={
        !locked && (
          <Button type="primary" loading={save.isPending} onClick={() => void submit()}>
            保存
          </Button>
        )
      }
    >
      <div className={styles.drawerScroll} tabIndex={0} role="region" aria-label="活动设置">
        {locked && (
          <Alert
            type="info"
            showIcon
            title="活动已开始，规则、教材和奖品已锁定，不能修改"
            style={{ marginBottom: 16 }}
          />
        )}
        <Form<ActivityForm>
          name="activity"
          form={form}
          layout="vertical"
          disabled={locked}
          initialValues={initial(activity)}
        >
          <div className={styles.toolbar}>
            <Form.Item
              name="code"
              label="活动编码"
              rules={[
                { required: true, message: '请填写活动编码' },
                { pattern: /^[A-Za-z0-9_-]{1,64}$/, message: '活动编码只能包含字母、数字、下划线和连字符' },
              ]}
            >
              <Input disabled={locked || activity !== null} style={{ width: 200 }} />
            </Form.Item>
            <Form.Item
              name="title"
              label="活动名称"
              rules={[
                { required: true, whitespace: true, message: '请输入活动名称' },
                { max: 60, message: '活动名称不能超过 60 个字' },
              ]}
            >
              <Input style={{ width: 420 }} />
            </Form.Item>
          </div>
          <div className={styles.toolbar}>
            <Form.Item name="startAt" label="开始时间" rules={[{ required: true, message: '请选择开始时间' }]}>
              <Input type="datetime-local" />
            </Form.Item>
            <Form.Item
              name="endAt"
              label="结束时间"
              dependencies={['startAt']}
              rules={[
                { required: true, message: '请选择结束时间' },
                ({ getFieldValue }) => ({
                  validator: (_, v: string) =>
                    !v || Date.parse(v) > Date.parse(getFieldValue('startAt') as string)
                      ? Promise.resolve()
                      : Promise.reject(new Error('结束时间必须晚于开始时间')),
                }),
              ]}
            >
              <Input type="datetime-local" />
            </Form.Item>
            <Form.Item name="published" label="发布" valuePropName="checked">
              <Switch />
            </Form.Item>
          </div>
          <Form.Item
            name="books"
            label="推荐教材"
            rules={[{ required: true, type: 'array', min: 1, message: '请至少推荐一本教材' }]}
          >
            <BookPicker disabled={locked} />
          </Form.Item>
          <Form.Item
            name="rules"
            label="活动规则（Markdown）"
            rules={[{ required: true, whitespace: true, message: '请输入活动规则' }]}
          >
            <Input.TextArea rows={5} maxLength={20000} showCount />
          </Form.Item>
          <div className={styles.toolbar}>
            {num('dailyCapSeconds', '每日时长上限（秒）', 86400)}
            {num('perBookCapSeconds', '单本时长上限（秒）', 86400)}
            {num('pointsPerMinute', '每分钟积分', 1000)}
          </div>
          <div className={styles.toolbar}>
            {num('activation', '激活积分', 100000)}
            {num('finishBook', '读完积分', 100000)}
            {num('drawCost', '每次抽奖积分', 1000000, 1)}
            {num('perUserPrizeLimit', '每人中奖上限', 1000, 1)}
          </div>
          <h3 className={styles.subtitle}>奖项</h3>
          <Form.List name="prizeGroups">
            {(fields, { add, remove }) => (
              <div className={styles.stack}>
                {fields.map((f, i) => (
                  <div key={f.key} className={styles.toolbar}>
                    <Form.Item
                      name={[f.name, 'name']}
                      label={`奖项 ${i + 1} 名称`}
                      rules={[{ required: true, message: '请输入奖项名称' }]}
                    >
                      <Input style={{ width: 160 }} />
                    </Form.Item>
                    <Form.Item
                      name={[f.name, 'quantity']}
                      label="数量"
                      rules={[{ required: true, message: '请填写数量' }]}
                    >
                      <InputNumber min={0} max={1000000} precision={0} />
                    </Form.Item>
                    <Form.Item
                      name={[f.name, 'weight']}
                      label="权重"
                      rules={[{ required: true, message: '请填写权重' }]}
                    >
                      <InputNumber min={0} max={1000000} precision={0} />
                    </Form.Item>
                    <Form.Item name={[f.name, 'fallback']} valuePropName="checked" label="兜底">
                      <Checkbox aria-label={`奖项 ${i + 1} 为兜底奖项`} />
                    </Form.Item>
                    {!locked && fields.length > 1 && (
                      <Button
                        type="text"
                        icon={<MinusCircleOutlined aria-hidden />}
                        aria-label={`删除奖项 ${i + 1}`}
                        onClick={() => remove(f.name)}
                      />
                    )}
                  </div>
                ))}
                {!locked && fields.length < 20 && (
                  <Button
                    type="dashed"
                    icon={<PlusOutlined aria-hidden />}
                    onClick={() => add({ name: '', quantity: 1, weight: 1 })}
                  >
                    添加奖项
                  </Button>
                )}
              </div>
            )}
          </Form.List>
        </Form>
      </div>
    </Drawer>
  );
}
