import { useLayoutEffect, useRef, useState, type DragEvent, type ReactNode } from 'react';
import { App, Button, Image, Tag, Upload, type UploadFile, type UploadProps } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { GOODS_IMAGE_RULES, type GoodsImageUploaded } from '@kc/domain';
import { api } from '../../../../shared/api';

export const GOODS_IMAGES_PATH = '/api/admin/goods/images';
const MAX_IMAGES = 10;
const MB = GOODS_IMAGE_RULES.maxBytes / 1024 / 1024;
const MIMES: readonly string[] = GOODS_IMAGE_RULES.accept.split(',');

export interface ImageUploadProps {
  /** The goods' image addresses, the main image first. */
  value: string[];
  onChange(next: string[]): void;
  disabled?: boolean;
}

const nameOf = (url: string) => decodeURIComponent(url.slice(url.lastIndexOf('/') + 1)) || url;

/** Moves the item at `from` to `to`, keeping the rest in order. */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

/**
 * 商品图片 as picture cards: the first is the main image (主图). Photos are uploaded one call
 * each (POST /api/admin/goods/images, JPG/PNG/WebP ≤ 5 MB; the server decides the type by the
 * bytes) and their public address is added to the list; 设为主图 or dragging a card reorders
 * it. The list is only the form's value: saving the goods keeps it.
 */
export function ImageUpload({ value, onChange, disabled }: ImageUploadProps) {
  const { message } = App.useApp();
  const [pending, setPending] = useState<UploadFile[]>([]);
  const [preview, setPreview] = useState<string | null>(null);
  const dragFrom = useRef<number | null>(null);
  // The latest list, for uploads that finish after other changes.
  const latest = useRef(value);
  useLayoutEffect(() => {
    latest.current = value;
  }, [value]);
  // One call at a time: the api client lets only the newest call of a path run.
  const queue = useRef<Promise<unknown>>(Promise.resolve());

  const change = (next: string[]) => {
    latest.current = next;
    onChange(next);
  };

  const beforeUpload: UploadProps['beforeUpload'] = (file, batch) => {
    if (!MIMES.includes(file.type)) {
      void message.error(`${file.name}：仅支持JPG、PNG或WebP图片`);
      return Upload.LIST_IGNORE;
    }
    if (file.size > GOODS_IMAGE_RULES.maxBytes) {
      void message.error(`${file.name}：图片不能超过${MB}MB`);
      return Upload.LIST_IGNORE;
    }
    if (latest.current.length + batch.indexOf(file) + 1 > MAX_IMAGES) {
      void message.error(`最多${MAX_IMAGES}张图片`);
      return Upload.LIST_IGNORE;
    }
    return true;
  };

  const customRequest: UploadProps['customRequest'] = ({ file, onSuccess, onError }) => {
    const f = file as File & { uid: string };
    setPending((p) => [...p, { uid: f.uid, name: f.name, status: 'uploading' }]);
    const run = () =>
      api.upload<GoodsImageUploaded>(GOODS_IMAGES_PATH, {}, { [GOODS_IMAGE_RULES.field]: f }).then(
        (r) => {
          change([...latest.current, r.url]);
          onSuccess?.(r);
        },
        // The client showed the server's reason (type, size).
        (e: unknown) => onError?.(e as Error),
      );
    queue.current = queue.current
      .then(run)
      .finally(() => setPending((p) => p.filter((x) => x.uid !== f.uid)));
  };

  const fileList: UploadFile[] = [
    ...value.map((url, i) => ({ uid: `${i}:${url}`, name: nameOf(url), status: 'done' as const, url })),
    ...pending,
  ];
  const indexOf = (file: UploadFile) => fileList.findIndex((f) => f.uid === file.uid);

  const drop = (to: number) => (e: DragEvent) => {
    e.preventDefault();
    const from = dragFrom.current;
    dragFrom.current = null;
    if (from !== null && from !== to) change(moved(latest.current, from, to));
  };

  const itemRender = (node: ReactNode, file: UploadFile) => {
    const i = indexOf(file);
    if (file.status !== 'done' || i < 0) return node;
    return (
      <div
        className="kc-goods-image"
        data-testid={`goods-image-${i}`}
        draggable={!disabled}
        onDragStart={() => (dragFrom.current = i)}
        onDragOver={(e) => e.preventDefault()}
        onDrop={drop(i)}
        style={{ position: 'relative', width: '100%', height: '100%', cursor: disabled ? undefined : 'move' }}
        title={disabled ? undefined : '拖动可调整顺序'}
      >
        {node}
        {i === 0 ? (
          <Tag
            color="red"
            style={{ position: 'absolute', top: 4, left: 4, margin: 0, zIndex: 2, pointerEvents: 'none' }}
          >
            主图
          </Tag>
        ) : (
          !disabled && (
            <Button
              size="small"
              style={{
                position: 'absolute',
                zIndex: 2,
                bottom: 4,
                left: '50%',
                transform: 'translateX(-50%)',
                fontSize: 12,
              }}
              aria-label={`设为主图 ${i + 1}`}
              onClick={() => change(moved(latest.current, i, 0))}
            >
              设为主图
            </Button>
          )
        )}
      </div>
    );
  };

  return (
    <>
      <Upload
        listType="picture-card"
        accept={GOODS_IMAGE_RULES.accept}
        multiple
        disabled={disabled}
        fileList={fileList}
        beforeUpload={beforeUpload}
        customRequest={customRequest}
        itemRender={itemRender}
        onPreview={(file) => setPreview(file.url ?? null)}
        onRemove={(file) => {
          const i = indexOf(file);
          if (i >= 0 && i < latest.current.length) change(latest.current.filter((_, k) => k !== i));
          return false;
        }}
        showUploadList={{ showRemoveIcon: !disabled }}
      >
        {!disabled && fileList.length < MAX_IMAGES && (
          <button
            type="button"
            style={{ border: 0, background: 'none', cursor: 'pointer' }}
            aria-label="上传图片"
          >
            <PlusOutlined />
            <div style={{ marginTop: 8 }}>上传图片</div>
          </button>
        )}
      </Upload>
      {preview && (
        <Image
          style={{ display: 'none' }}
          src={preview}
          alt="商品图片"
          preview={{ open: true, onOpenChange: (open) => !open && setPreview(null) }}
        />
      )}
    </>
  );
}
