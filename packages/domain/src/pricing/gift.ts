/** A buy-and-get gift (买赠): every `buy` units bring `give` units of a gift. */
export interface GiftRule {
  buy: number;
  give: number;
  /** 1 the same goods (买N赠M同品), 2 another goods or a sample (赠品). */
  type: 1 | 2;
  /** What is given, in Chinese (赠品名称). */
  name: string;
}

/** `gift_data` of a cart line. */
export interface GiftData {
  /** Gift units earned by the line. */
  total: number;
  /** 0 none, else the rule's type. */
  type: 0 | 1 | 2;
  name: string;
}

/** The gift a line of `quantity` units earns: ⌊quantity / buy⌋ × give units. */
export function lineGift(rule: GiftRule | null, quantity: number): GiftData {
  if (!rule || rule.buy <= 0 || rule.give <= 0 || quantity < rule.buy) {
    return { total: 0, type: rule ? rule.type : 0, name: rule ? rule.name : '' };
  }
  return { total: Math.floor(quantity / rule.buy) * rule.give, type: rule.type, name: rule.name };
}
