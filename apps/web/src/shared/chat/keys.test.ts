import { describe, expect, it } from 'vitest';
import { isSendKey } from './keys';

const key = (over: Partial<{ key: string; shiftKey: boolean; keyCode: number; isComposing: boolean }>) => ({
  key: over.key ?? 'Enter',
  shiftKey: over.shiftKey ?? false,
  keyCode: over.keyCode ?? 13,
  nativeEvent: { isComposing: over.isComposing ?? false },
});

describe('isSendKey', () => {
  it.each([
    ['Enter', key({}), true],
    ['Shift+Enter (a new line)', key({ shiftKey: true }), false],
    ['Enter picking a word in an input method', key({ isComposing: true }), false],
    ['the input method key code 229', key({ keyCode: 229 }), false],
    ['another key', key({ key: 'a', keyCode: 65 }), false],
  ])('%s → %s', (_, e, sends) => {
    expect(isSendKey(e)).toBe(sends);
  });
});
