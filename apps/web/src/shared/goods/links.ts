/** A goods' detail page: lists, the cart, favourites and the home page link it. */
export const detailPath = (id: number) => `/list/info/${id}`;
/** A category's goods, as the category menu, the home floors and the detail page link it (SPEC §2). */
export const categoryPath = (id: number) => `/list?select=${id}&yx=1`;
