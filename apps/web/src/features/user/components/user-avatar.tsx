/** The user's avatar image with the default picture when none is set or it fails to load. */
import { Avatar } from 'antd';
import { UserOutlined } from '@ant-design/icons';

export function UserAvatar({
  src,
  size,
  alt = '头像',
}: {
  src: string | null | undefined;
  size: number;
  alt?: string;
}) {
  return (
    <Avatar
      src={src || undefined}
      size={size}
      icon={<UserOutlined />}
      alt={alt}
      style={{ background: src ? undefined : '#c9d6f5', flex: 'none' }}
    />
  );
}
