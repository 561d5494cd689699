/**
 * 修改头像: choose an image (type and size checked before upload, LIMITS), crop a square
 * with zoom, preview it round as the header shows it, then upload and set it as the avatar.
 * An image the browser cannot decode gives '文件流异常' (docs/product.md §5), as the server would.
 */
import { LIMITS, Messages } from '@eav/contract';
import { Alert, App, Button, Slider } from 'antd';
import { CloudUploadOutlined, ZoomInOutlined, ZoomOutOutlined } from '@ant-design/icons';
import { useCallback, useEffect, useRef, useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import { ApiError } from '@/lib/api-client';
import { useSession } from '@/stores/session';
import { useUploadAvatar } from '../api/set-avatar';
import { cropToBlob, loadImage } from '@/utils/crop-image';
import { UserAvatar } from './user-avatar';
import styles from './user.module.css';

const ACCEPT = LIMITS.uploadImageTypes.join(',');
const MAX_MB = LIMITS.uploadImageBytes / 1024 / 1024;

export function AvatarEditor({ userId }: { userId: number }) {
  const current = useSession((s) => s.user?.avatar ?? null);
  const upload = useUploadAvatar(userId);
  const { message } = App.useApp();
  const inputRef = useRef<HTMLInputElement>(null);
  const [src, setSrc] = useState<string | null>(null);
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  // Object URLs are released when replaced and on leaving the page.
  useEffect(() => () => void (src && URL.revokeObjectURL(src)), [src]);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const onPick = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    if (!LIMITS.uploadImageTypes.includes(file.type)) return setError('仅支持 JPG、PNG、WebP 或 GIF 格式的图片');
    if (file.size > LIMITS.uploadImageBytes) return setError(`图片不能超过 ${MAX_MB} MB`);
    const url = URL.createObjectURL(file);
    try {
      await loadImage(url);
    } catch {
      URL.revokeObjectURL(url);
      return setError(Messages.fileStream);
    }
    setSrc(url);
    setCrop({ x: 0, y: 0 });
    setZoom(1);
    setPreview(null);
  };

  // The live preview is rendered at the small size after each crop change.
  const onCropComplete = useCallback(
    (_area: Area, pixels: Area) => {
      setArea(pixels);
      if (!src) return;
      cropToBlob(src, pixels, 128).then(
        (blob) => setPreview(URL.createObjectURL(blob)),
        () => undefined,
      );
    },
    [src],
  );

  const onSave = async () => {
    if (!src || !area) return;
    setError(null);
    try {
      const blob = await cropToBlob(src, area, LIMITS.avatarSize);
      await upload.mutateAsync(blob);
      message.success('头像已更新');
      setSrc(null);
      setPreview(null);
    } catch (e) {
      setError(e instanceof ApiError ? e.msg : Messages.fileStream);
    }
  };

  const shown = preview ?? current;

  return (
    <div className={styles.avatarGrid}>
      <div>
        {src ? (
          <div className={styles.cropArea} data-testid="avatar-crop">
            <Cropper
              image={src}
              crop={crop}
              zoom={zoom}
              aspect={1}
              cropShape="round"
              showGrid={false}
              onCropChange={setCrop}
              onZoomChange={setZoom}
              onCropComplete={onCropComplete}
            />
          </div>
        ) : (
          <button type="button" className={styles.dropZone} onClick={() => inputRef.current?.click()}>
            <CloudUploadOutlined style={{ fontSize: 40 }} />
            <span>点击选择图片</span>
            <span style={{ fontSize: 12, color: 'var(--eav-subtle)' }}>
              支持 JPG、PNG、WebP、GIF，不超过 {MAX_MB} MB
            </span>
          </button>
        )}
        <input
          ref={inputRef}
          type="file"
          accept={ACCEPT}
          hidden
          aria-label="选择头像图片"
          data-testid="avatar-file"
          onChange={(e) => {
            void onPick(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
        {src && (
          <div className={styles.toolbar}>
            <div className={styles.zoom}>
              <ZoomOutOutlined />
              <Slider
                min={1}
                max={3}
                step={0.05}
                value={zoom}
                onChange={setZoom}
                tooltip={{ open: false }}
                aria-label="缩放"
              />
              <ZoomInOutlined />
            </div>
            <Button onClick={() => inputRef.current?.click()}>重新选择</Button>
            <Button type="primary" onClick={onSave} loading={upload.isPending} disabled={!area}>
              保存头像
            </Button>
          </div>
        )}
        {error && <Alert type="error" showIcon title={error} role="alert" style={{ marginTop: 16 }} />}
      </div>
      <div className={styles.previewCol} aria-label="头像预览">
        {shown ? (
          <img className={styles.previewBig} src={shown} alt="头像预览（大）" />
        ) : (
          <UserAvatar src={null} size={128} />
        )}
        <span>大尺寸预览</span>
        {shown ? (
          <img className={styles.previewSmall} src={shown} alt="头像预览（小）" />
        ) : (
          <UserAvatar src={null} size={48} />
        )}
        <span>页头显示效果</span>
      </div>
    </div>
  );
}
