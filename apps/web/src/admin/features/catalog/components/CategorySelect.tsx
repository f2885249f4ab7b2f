import { TreeSelect } from 'antd';
import type { AdminCategory } from '@kc/domain';
import { useCategories } from '../api';

export interface CategoryNode {
  value: number;
  title: string;
  key: number;
  children: CategoryNode[];
  category: AdminCategory;
}

/** The flat category list as a tree (roots first, each level by sort). */
export function categoryTree(list: readonly AdminCategory[]): CategoryNode[] {
  const nodes = new Map<number, CategoryNode>();
  for (const c of list) nodes.set(c.id, { value: c.id, key: c.id, title: c.name, children: [], category: c });
  const roots: CategoryNode[] = [];
  for (const c of list) {
    const parent = c.parent_id ? nodes.get(c.parent_id) : undefined;
    (parent ? parent.children : roots).push(nodes.get(c.id)!);
  }
  return roots;
}

/** A category picker over the tree (any level may be chosen). */
export function CategorySelect(props: {
  value?: number;
  onChange?: (v: number | undefined) => void;
  placeholder?: string;
  allowClear?: boolean;
  style?: React.CSSProperties;
  'aria-label'?: string;
  /** Leave this category (and its subtree) out: a category cannot move under itself. */
  exclude?: number;
}) {
  const list = useCategories().data ?? [];
  const strip = (nodes: CategoryNode[]): CategoryNode[] =>
    nodes.filter((n) => n.value !== props.exclude).map((n) => ({ ...n, children: strip(n.children) }));
  return (
    <TreeSelect
      showSearch
      treeNodeFilterProp="title"
      treeDefaultExpandAll={list.length < 40}
      allowClear={props.allowClear}
      placeholder={props.placeholder ?? '选择分类'}
      aria-label={props['aria-label']}
      style={props.style}
      value={props.value}
      onChange={(v) => props.onChange?.(v ?? undefined)}
      treeData={strip(categoryTree(list))}
    />
  );
}
