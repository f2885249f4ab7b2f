import { Alert } from 'antd';
import { Link } from 'react-router';
import type { PurchaseBlock } from '@kc/domain';

interface Props {
  block: PurchaseBlock;
  /** `inline` for a goods card or a cart line; `alert` (default) for the goods detail. */
  variant?: 'alert' | 'inline';
}

/** The link text for where the buyer can act on the block. */
function linkLabel(block: PurchaseBlock): string {
  if (block.link.startsWith('/login')) return '去登录';
  if (block.link.startsWith('/zzzj') || block.link.startsWith('/jcxx_zzzj')) return '上传资质';
  if (block.link.startsWith('/dzht')) return '去签署';
  return '去处理';
}

/**
 * "Why can't I buy this?": the server's reason, the document or step that would unlock it,
 * and a link to where the buyer can act (SPEC compliance rules, issue 4 §6).
 */
export function PurchaseBlockNotice({ block, variant = 'alert' }: Props) {
  const action = block.link ? (
    <Link to={block.link} aria-label={`${linkLabel(block)}：${block.reason}`}>
      {linkLabel(block)}
    </Link>
  ) : null;
  const unlock = block.unlock ? `需要：${block.unlock}` : '';

  if (variant === 'inline') {
    return (
      <span role="note" data-rule={block.rule} style={{ color: '#d46b08', fontSize: 12 }}>
        {block.reason}
        {unlock && <span style={{ color: '#8c8c8c' }}>（{unlock}）</span>} {action}
      </span>
    );
  }
  return (
    <Alert
      type="warning"
      showIcon
      role="note"
      data-rule={block.rule}
      title={block.reason}
      description={unlock || undefined}
      action={action}
    />
  );
}
