import { describe, expect, it } from 'vitest';
import { CHAT, CHAT_IMAGE_ACCEPT, CHAT_IMAGE_REFUSALS, chatImageProblem } from './chat.js';

describe('chat images, checked before uploading', () => {
  it.each([
    [{ name: 'a.jpg', type: 'image/jpeg', size: 1000 }, null],
    [{ name: 'a.JPEG', type: 'image/jpeg', size: 1000 }, null],
    [{ name: 'a.PNG', type: 'image/png', size: 1000 }, null],
    [{ name: 'a.png', type: '', size: 1000 }, null],
    [{ name: 'a.pdf', type: 'application/pdf', size: 1000 }, '仅支持JPG或PNG图片'],
    [{ name: 'a.png', type: 'image/gif', size: 1000 }, '仅支持JPG或PNG图片'],
    [{ name: 'noext', type: 'image/png', size: 1000 }, '仅支持JPG或PNG图片'],
    [{ name: 'a.png', type: 'image/png', size: CHAT.image.maxBytes }, null],
    [{ name: 'a.png', type: 'image/png', size: CHAT.image.maxBytes + 1 }, '图片不能超过5MB'],
  ])('%o → %s', (file, problem) => {
    expect(chatImageProblem(file)).toBe(problem);
  });

  it('says what the server says, and lets the picker offer the same types', () => {
    expect(CHAT_IMAGE_REFUSALS.type).toBe('仅支持JPG或PNG图片');
    expect(CHAT_IMAGE_REFUSALS.size).toBe(`图片不能超过${CHAT.image.maxBytes / 1024 / 1024}MB`);
    expect(CHAT_IMAGE_ACCEPT).toBe('.jpg,.jpeg,image/jpeg,.png,image/png');
  });
});
