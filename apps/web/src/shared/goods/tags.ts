/** SPEC §4 tag colours: 优 新 秒 red, 满 orange, 换购 blue (amber when it reads 加价换购), 赠 pink, 特 yellow. */
export type TagTone = 'red' | 'orange' | 'blue' | 'amber' | 'pink' | 'yellow' | 'grey';

export function tagTone(name: string): TagTone {
  if (name.includes('换购')) return name.includes('加价') ? 'amber' : 'blue';
  const first = name.charAt(0);
  if ('优新秒'.includes(first)) return 'red';
  if (first === '满') return 'orange';
  if (first === '赠') return 'pink';
  if (first === '特') return 'yellow';
  return 'grey';
}
