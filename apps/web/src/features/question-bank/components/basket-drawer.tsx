/** The 试题篮 (kept per user on the server): its questions, remove one or all, and 组卷. */
import { DeleteOutlined } from '@ant-design/icons';
import { Button, Drawer, Empty, Popconfirm, Skeleton, Tag } from 'antd';
import type { Basket } from '@eav/contract';
import { LazyRichText } from '@/components/rich-text';
import styles from './question-bank.module.css';

interface Props {
  open: boolean;
  basket: Basket | undefined;
  loading: boolean;
  removing: boolean;
  clearing: boolean;
  onClose(): void;
  onRemove(id: number): void;
  onClear(): void;
  onCompose(): void;
}

export function BasketDrawer({
  open,
  basket,
  loading,
  removing,
  clearing,
  onClose,
  onRemove,
  onClear,
  onCompose,
}: Props) {
  const items = basket?.items ?? [];
  return (
    <Drawer
      title={`试题篮（${items.length}${basket ? ` / ${basket.limit}` : ''}）`}
      open={open}
      onClose={onClose}
      size={440}
      footer={
        <div style={{ display: 'flex', justifyContent: 'space-between' }}>
          <Popconfirm
            title="清空试题篮？"
            okText="清空"
            cancelText="取消"
            disabled={items.length === 0}
            onConfirm={onClear}
          >
            <Button danger disabled={items.length === 0} loading={clearing}>
              清空
            </Button>
          </Popconfirm>
          <Button type="primary" disabled={items.length === 0} onClick={onCompose}>
            组卷（{items.length} 题）
          </Button>
        </div>
      }
    >
      {loading && !basket ? (
        <Skeleton active />
      ) : items.length === 0 ? (
        <Empty description="试题篮是空的，在题目下点“加入试题篮”" />
      ) : (
        <ol style={{ listStyle: 'none', margin: 0, padding: 0 }} data-testid="basket-list">
          {items.map((item, i) => (
            <li key={item.question.id} className={styles.basketItem}>
              <span>{i + 1}.</span>
              <div className={styles.basketBody}>
                <Tag color="blue">{item.question.type}</Tag>
                <LazyRichText className={styles.basketStem} source={item.question.stem} />
              </div>
              <Button
                type="text"
                icon={<DeleteOutlined />}
                aria-label={`移出第 ${i + 1} 题`}
                disabled={removing}
                onClick={() => onRemove(item.question.id)}
              />
            </li>
          ))}
        </ol>
      )}
    </Drawer>
  );
}
