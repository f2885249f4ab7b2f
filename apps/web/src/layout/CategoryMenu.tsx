import { useState } from 'react';
import { Link } from 'react-router';
import { AppstoreOutlined, RightOutlined } from '@ant-design/icons';
import { LIMITS, type Category } from '@kc/domain';
import { categoryPath } from '../shared/goods/links';
import s from './CategoryMenu.module.css';

interface Props {
  categories: Category[];
  /** On the home page the list stays open beside the carousel; elsewhere it opens on hover. */
  expanded: boolean;
}

/** 全部商品分类: the first 7 roots, each with a hover flyout of its children (SPEC §2). */
export function CategoryMenu({ categories, expanded }: Props) {
  const [hovered, setHovered] = useState(false);
  const [activeId, setActiveId] = useState<number | null>(null);
  const roots = categories.slice(0, LIMITS.categoryMenuCount);
  const active = roots.find((c) => c.id === activeId);
  const open = expanded || hovered;

  return (
    <div
      className={s.menu}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => {
        setHovered(false);
        setActiveId(null);
      }}
    >
      <div className={s.title}>
        <AppstoreOutlined aria-hidden /> 全部商品分类
      </div>
      {open && (
        <nav className={s.panel} aria-label="商品分类">
          <ul className={s.roots}>
            {roots.map((c) => (
              <li
                key={c.id}
                className={c.id === activeId ? s.rootActive : s.root}
                onMouseEnter={() => setActiveId(c.id)}
              >
                <Link to={categoryPath(c.id)} className={s.rootName}>
                  {c.logo && <img src={c.logo} alt="" className={s.icon} />}
                  {c.name}
                  <RightOutlined className={s.arrow} aria-hidden />
                </Link>
                <div className={s.preview}>
                  {c.children.slice(0, 3).map((child) => (
                    <Link key={child.id} to={categoryPath(child.id)}>
                      {child.name}
                    </Link>
                  ))}
                </div>
              </li>
            ))}
          </ul>
          {active && active.children.length > 0 && (
            <div className={s.flyout}>
              <div className={s.flyoutTitle}>
                <Link to={categoryPath(active.id)}>{active.name}</Link>
                <RightOutlined aria-hidden />
              </div>
              <div className={s.children}>
                {active.children.map((child) => (
                  <Link key={child.id} to={categoryPath(child.id)}>
                    {child.name}
                  </Link>
                ))}
              </div>
            </div>
          )}
        </nav>
      )}
    </div>
  );
}
