import { Tag } from 'antd';

/** The development stand-ins for SMS and WeChat say so wherever they appear (ARCHITECTURE). */
export function DevProviderNote({ what }: { what: string }) {
  return (
    <Tag color="orange" style={{ marginLeft: 8 }}>
      开发环境{what}
    </Tag>
  );
}
