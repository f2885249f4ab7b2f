import { useState } from 'react';
import type { GoodsImage } from '@kc/domain';
import s from './DetailPage.module.css';

/** The goods' pictures: a large one and thumbnails that pick it. */
export function Gallery({ images, name }: { images: GoodsImage[]; name: string }) {
  const [index, setIndex] = useState(0);
  const current = images[index]?.list ?? images[0]?.list;
  return (
    <div className={s.gallery}>
      <div className={s.mainImage}>
        {current ? <img src={current} alt={name} /> : <span className={s.noImage}>暂无图片</span>}
      </div>
      {images.length > 1 && (
        <div className={s.thumbs}>
          {images.map((img, i) => (
            <button
              key={`${img.list}-${i}`}
              type="button"
              className={i === index ? s.thumbActive : s.thumb}
              aria-label={`第${i + 1}张图片`}
              onMouseEnter={() => setIndex(i)}
              onClick={() => setIndex(i)}
            >
              <img src={img.list} alt="" />
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
