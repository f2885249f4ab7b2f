import type { AdminGoodsRow } from '@kc/domain';
import { GoodsSelect } from '../../../shared';

const nameSpecMaker = (g: AdminGoodsRow) => `${g.name} ${g.ypgg}（${g.sccj}）`;

/** Picks one goods by the storefront's search (name, pinyin initials, approval number). */
export function GoodsPicker(props: {
  value?: number;
  onChange?: (id: number | undefined) => void;
  style?: React.CSSProperties;
  'aria-label'?: string;
  /** A label to show for `value` before any search (a goods opened from elsewhere). */
  initialLabel?: string;
}) {
  const { initialLabel, ...rest } = props;
  return (
    <GoodsSelect
      {...rest}
      format={nameSpecMaker}
      labels={props.value && initialLabel ? new Map([[props.value, initialLabel]]) : undefined}
    />
  );
}
