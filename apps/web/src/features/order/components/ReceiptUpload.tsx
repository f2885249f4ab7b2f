import { App, Button, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useHmReceipt } from '../api/hm-receipt';
import { RECEIPT_TYPES, checkFile } from './files';

interface Props {
  orderId: number;
  uploaded: boolean;
}

/** Uploads the arrival receipt (到货回执) of a shipped 含麻 order: JPG, PNG or PDF of at most 5 MB. */
export function ReceiptUpload({ orderId, uploaded }: Props) {
  const { message } = App.useApp();
  const upload = useHmReceipt();
  const send = async (file: File) => {
    const problem = checkFile(file, RECEIPT_TYPES);
    if (problem) return void message.error(problem);
    await upload.mutateAsync({ orderId, file });
    void message.success('到货回执已上传');
  };
  return (
    <Upload
      accept={RECEIPT_TYPES.accept}
      showUploadList={false}
      beforeUpload={(file) => {
        // A failed call has been explained by the API client.
        void send(file).catch(() => undefined);
        return Upload.LIST_IGNORE;
      }}
    >
      <Button icon={<UploadOutlined />} loading={upload.isPending}>
        {uploaded ? '重新上传' : '上传到货回执'}
      </Button>
    </Upload>
  );
}
