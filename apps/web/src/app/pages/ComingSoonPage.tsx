import { useMatches } from 'react-router';
import { Notice } from '../../shared/ui/Notice';
import { comingSoonLabel } from '../coming-soon';
import type { RouteHandle } from '../../shared/routing/route-handle';

/** Every route whose capability comes with a later issue (see coming-soon.ts). */
export function ComingSoonPage() {
  const matches = useMatches();
  const handle = matches.at(-1)?.handle as RouteHandle | undefined;
  const capability = comingSoonLabel(handle?.name ?? '');
  return (
    <Notice
      title={handle?.title || '即将上线'}
      text={
        <>
          该功能即将上线
          {capability && <span>（{capability}）</span>}，敬请期待。
        </>
      }
    />
  );
}
