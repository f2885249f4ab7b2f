/**
 * Goods photos a wholesaler uploads in the back office (POST /api/admin/goods/images): one
 * `file` part, JPG, PNG or WebP by its bytes, at most 5 MB. The reply's `url` is public (the
 * storefront shows it), unlike qualification documents.
 */
export const GOODS_IMAGE_RULES = {
  field: 'file',
  maxBytes: 5 * 1024 * 1024,
  types: ['jpg', 'png', 'webp'] as const,
  /** What the browser's file picker offers (the server decides by content anyway). */
  accept: 'image/jpeg,image/png,image/webp',
} as const;
export type GoodsImageType = (typeof GOODS_IMAGE_RULES.types)[number];

/** The reply of an upload: the image's public address, for the goods' `images` list. */
export interface GoodsImageUploaded {
  url: string;
}
