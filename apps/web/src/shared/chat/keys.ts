import type { KeyboardEvent } from 'react';

/**
 * Whether a key press in a message box sends: Enter does, Shift+Enter starts a new line, and
 * an Enter that picks a word in an input method (composing, or key code 229) does not.
 */
export function isSendKey(
  e: Pick<KeyboardEvent, 'key' | 'shiftKey' | 'keyCode'> & { nativeEvent: { isComposing?: boolean } },
): boolean {
  return e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing && e.keyCode !== 229;
}
