import type { ReactNode } from 'react';
import { Steps } from 'antd';
import s from './RegisterFrame.module.css';

interface Props {
  title: string;
  /** 0 account, 1 company and documents, 2 submitted. */
  current: 0 | 1 | 2;
  children: ReactNode;
  /** The step names; registration's by default. */
  steps?: string[];
}

const REGISTER_STEPS = ['设置账户', '填写企业资质', '提交审核'];

/** The card with three steps of registration (/register, /register_dd) and recovery (/forget). */
export function RegisterFrame({ title, current, children, steps = REGISTER_STEPS }: Props) {
  return (
    <div className={s.stage}>
      <div className={s.card}>
        <h1 className={s.title}>{title}</h1>
        <Steps current={current} items={steps.map((t) => ({ title: t }))} className={s.steps} />
        {children}
      </div>
    </div>
  );
}
