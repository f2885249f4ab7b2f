import { useCallback, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button, Result, Spin } from 'antd';
import type { ActivityView } from '@kc/domain';
import { ActivityBanner } from './ActivityBanner';
import { ActivityState, NoActivity } from './ActivityState';
import { serverOffset } from './clock';

interface Props {
  query: UseQueryResult<ActivityView | null>;
  /** Said under 活动暂未开始 (e.g. /welfare: the discount is off). */
  noneText?: string;
  /** The page's own part under the banner and the state line. */
  children: (view: ActivityView) => ReactNode;
}

/**
 * One activity page's frame, honest about the state: loading; 活动暂未开始 when there is none,
 * it ended or it was switched off; else the banner, 活动未开始 (counting to the start) or
 * 活动进行中 (counting to the end), and the page's part. At zero it reads the activity again.
 */
export function ActivityFrame({ query, noneText, children }: Props) {
  const { data, isPending, isError, dataUpdatedAt, refetch } = query;
  const reload = useCallback(() => void refetch(), [refetch]);
  if (isPending) return <Spin style={{ display: 'block', margin: '80px auto' }} />;
  if (isError) {
    return (
      <Result
        status="error"
        title="活动加载失败"
        subTitle="请稍后重试"
        extra={<Button onClick={reload}>重试</Button>}
      />
    );
  }
  if (!data || data.status === 2) return <NoActivity text={noneText} />;
  return (
    <>
      <ActivityBanner activity={data} subtitle={data.kind_text} />
      <ActivityState activity={data} offsetMs={serverOffset(data.now, dataUpdatedAt)} onTurn={reload} />
      {children(data)}
    </>
  );
}
