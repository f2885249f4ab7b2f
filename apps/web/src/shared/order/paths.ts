/** Where an order is paid: its own page for 含麻 orders, step 3 for the others. */
export const payPathOf = (id: number, isHm: boolean) => (isHm ? `/cart/hm?id=${id}` : `/cart/step3/${id}`);
