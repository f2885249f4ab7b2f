import { useEffect, useRef } from 'react';
import { App, Upload, type UploadFile } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { PHOTO_TYPES, checkFile, readAsDataUrl } from './files';

export const MAX_PHOTOS = 5;

/** A chosen photo: the file the request sends, and a data: URL for its thumbnail. */
export interface ChosenPhoto {
  file: File;
  url: string;
}

interface Props {
  /** In the order they were chosen. */
  photos: ChosenPhoto[];
  onChange: (photos: ChosenPhoto[]) => void;
}

/**
 * Up to five JPG/PNG photos of at most 5 MB, kept in the browser (the return request sends
 * them as file parts): nothing is uploaded before the request is submitted.
 */
export function PhotoPicker({ photos, onChange }: Props) {
  const { message } = App.useApp();
  const files: UploadFile[] = photos.map(({ url }, i) => ({
    uid: String(i),
    name: `照片${i + 1}`,
    status: 'done',
    url,
    thumbUrl: url,
  }));
  // Several files chosen at once arrive one by one, before the form re-renders: each adds to
  // the latest list rather than to the one this render saw.
  const latest = useRef(photos);
  useEffect(() => {
    latest.current = photos;
  }, [photos]);
  const add = async (file: File) => {
    const problem = checkFile(file, PHOTO_TYPES);
    if (problem) return void message.error(problem);
    const url = await readAsDataUrl(file);
    if (latest.current.length >= MAX_PHOTOS) return void message.error(`最多上传${MAX_PHOTOS}张照片`);
    latest.current = [...latest.current, { file, url }];
    onChange(latest.current);
  };
  return (
    <Upload
      listType="picture-card"
      accept={PHOTO_TYPES.accept}
      multiple
      fileList={files}
      showUploadList={{ showPreviewIcon: false }}
      beforeUpload={(file) => {
        void add(file);
        return Upload.LIST_IGNORE;
      }}
      onRemove={(file) => onChange(photos.filter((_, i) => String(i) !== file.uid))}
    >
      {photos.length < MAX_PHOTOS && (
        <button type="button" aria-label="上传照片" style={{ border: 0, background: 'none' }}>
          <PlusOutlined />
          <div style={{ marginTop: 4 }}>上传照片</div>
        </button>
      )}
    </Upload>
  );
}
