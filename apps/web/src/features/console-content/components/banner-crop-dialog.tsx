/**
 * The crop step of a banner picture (docs/console-content.md, Banners): the chosen image in
 * react-easy-crop, fixed to the carousel's ratio (BANNER_IMAGE_SIZE, 1920 × 400); drag or arrow
 * keys move it, the labelled slider or the 缩小/放大 buttons zoom. 裁剪并上传 renders the area to a
 * 1920 × 400 PNG in the browser and uploads it; the server checks and re-encodes it to WebP.
 * An image the browser cannot decode is refused here with the server's wording.
 */
import { BANNER_IMAGE_SIZE, Messages, type ConsoleImage } from '@eav/contract';
import { ZoomInOutlined, ZoomOutOutlined } from '@ant-design/icons';
import { Alert, Button, Modal, Slider } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import { errorMessage } from '@/lib/error-message';
import { cropToBlob, loadImage } from '@/utils/crop-image';
import { useUploadBannerImage } from '../api/banners';
import styles from './console.module.css';

const ASPECT = BANNER_IMAGE_SIZE.width / BANNER_IMAGE_SIZE.height;
const MIN_ZOOM = 1;
const MAX_ZOOM = 4;
const ZOOM_STEP = 0.25;

export function BannerCropDialog({
  file,
  onClose,
  onUploaded,
}: {
  file: File;
  onClose: () => void;
  onUploaded: (image: ConsoleImage) => void;
}) {
  const upload = useUploadBannerImage();
  const [src, setSrc] = useState<string | null>(null);
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(MIN_ZOOM);
  const [area, setArea] = useState<Area | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [cropping, setCropping] = useState(false);

  // The picked file is shown through an object URL, released when the dialog closes.
  useEffect(() => {
    const url = URL.createObjectURL(file);
    let live = true;
    void loadImage(url).then(
      () => live && setSrc(url),
      () => live && setError(Messages.fileStream),
    );
    return () => {
      live = false;
      URL.revokeObjectURL(url);
    };
  }, [file]);

  const onCropComplete = useCallback((_area: Area, pixels: Area) => setArea(pixels), []);
  const zoomBy = (delta: number) => setZoom((z) => Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, z + delta)));

  const submit = async () => {
    if (!src || !area) return;
    setError(null);
    setCropping(true);
    try {
      const blob = await cropToBlob(src, area, BANNER_IMAGE_SIZE.width, BANNER_IMAGE_SIZE.height);
      const name = `${file.name.replace(/\.[^.]*$/, '') || 'banner'}.png`;
      const image = await upload.mutateAsync(new File([blob], name, { type: 'image/png' }));
      onUploaded(image);
    } catch (e) {
      setError(errorMessage(e, '图片裁剪失败，请换一张图片'));
    } finally {
      setCropping(false);
    }
  };

  return (
    <Modal
      open
      width={880}
      title="裁剪轮播图图片"
      okText="裁剪并上传"
      cancelText="取消"
      okButtonProps={{ disabled: !area || !src }}
      confirmLoading={cropping}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
      rootClassName={styles.overlay}
    >
      <p className={styles.muted}>
        裁剪框按首页轮播图的比例 {BANNER_IMAGE_SIZE.width}×{BANNER_IMAGE_SIZE.height}{' '}
        固定。拖动图片或聚焦裁剪区后用方向键移动，用滑块或按钮缩放。
      </p>
      <div className={styles.cropArea} data-testid="banner-crop">
        {src && (
          <Cropper
            image={src}
            crop={crop}
            zoom={zoom}
            minZoom={MIN_ZOOM}
            maxZoom={MAX_ZOOM}
            aspect={ASPECT}
            onCropChange={setCrop}
            onZoomChange={setZoom}
            onCropComplete={onCropComplete}
            cropperProps={{ role: 'group', 'aria-label': '裁剪区域（方向键移动图片）' }}
          />
        )}
      </div>
      <div className={styles.zoom}>
        <Button
          icon={<ZoomOutOutlined aria-hidden />}
          onClick={() => zoomBy(-ZOOM_STEP)}
          disabled={zoom <= MIN_ZOOM}
          aria-label="缩小"
        />
        <Slider
          min={MIN_ZOOM}
          max={MAX_ZOOM}
          step={0.05}
          value={zoom}
          onChange={setZoom}
          tooltip={{ formatter: (v) => `${Math.round((v ?? 1) * 100)}%` }}
          ariaLabelForHandle="缩放"
          ariaValueTextFormatterForHandle={(v) => `${Math.round((v ?? 1) * 100)}%`}
        />
        <Button
          icon={<ZoomInOutlined aria-hidden />}
          onClick={() => zoomBy(ZOOM_STEP)}
          disabled={zoom >= MAX_ZOOM}
          aria-label="放大"
        />
      </div>
      {error && <Alert type="error" showIcon title={error} role="alert" />}
    </Modal>
  );
}
