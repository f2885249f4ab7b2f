import { describe, expect, it } from 'vitest';
import { isInitials, searchedName } from './searched-name';

describe('the name pinyin initials stand for, in the results heading', () => {
  it('is what every suggestion starts with, one character an initial', () => {
    expect(searchedName('amxl', ['阿莫西林克拉维酸钾颗粒', '阿莫西林胶囊', '阿莫西林颗粒'])).toBe('阿莫西林');
    expect(searchedName('AMXL', ['阿莫西林胶囊'])).toBe('阿莫西林');
    expect(searchedName('bkjtj', ['百咳静糖浆'])).toBe('百咳静糖浆');
  });

  it('is nothing when the suggestions share no such start, or there are none', () => {
    expect(searchedName('kl', ['阿莫西林颗粒', '头孢克肟颗粒'])).toBeNull();
    expect(searchedName('amxl', [])).toBeNull();
    expect(searchedName('amxlkl', ['阿莫西林胶囊', '阿莫西林颗粒'])).toBeNull();
  });

  it('leaves words that are not initials alone', () => {
    expect(isInitials('阿莫西林')).toBe(false);
    expect(isInitials('999')).toBe(false);
    expect(searchedName('vc', ['VC银翘片'])).toBeNull();
    expect(searchedName('阿莫', ['阿莫西林胶囊'])).toBeNull();
  });
});
