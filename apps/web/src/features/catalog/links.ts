/** Catalogue paths shared by its pages. */
export const detailPath = (id: number) => `/list/info/${id}`;
/** A category's goods, as the category menu links it (SPEC §2). */
export const categoryPath = (id: number) => `/list?select=${id}&yx=1`;
