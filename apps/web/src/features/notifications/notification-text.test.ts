import { describe, expect, it } from 'vitest';
import { NOTIFICATION_TYPES } from '@hireloop/contract/notification-types';
import { describeNotification } from './notification-text.ts';

describe('describeNotification', () => {
  it('uses the title, body and link the server gave', () => {
    expect(
      describeNotification({
        type: 'mention',
        data: {
          title: 'Dana Whitfield mentioned you',
          body: 'Please run the interview.',
          url: '/recruitment/r1/candidates?application=a1',
        },
      }),
    ).toEqual({
      label: 'Mention',
      sentence: 'Dana Whitfield mentioned you',
      detail: 'Please run the interview.',
      url: '/recruitment/r1/candidates?application=a1',
    });
  });

  it('has a label and a sentence of its own for every type', () => {
    const texts = NOTIFICATION_TYPES.map((type) => describeNotification({ type, data: {} }));
    for (const text of texts) {
      expect(text.label).not.toBe('Notification');
      expect(text.sentence).toMatch(/\.$/);
      expect(text.detail).toBeNull();
      expect(text.url).toBeNull();
    }
    expect(new Set(texts.map((text) => text.sentence)).size).toBe(NOTIFICATION_TYPES.length);
  });

  it('an unknown type still reads as a sentence', () => {
    expect(describeNotification({ type: 'something.new', data: {} })).toMatchObject({
      label: 'Notification',
      sentence: 'You have a new notification.',
    });
  });

  it('only links inside the app', () => {
    for (const url of ['https://evil.example/x', '//evil.example', 'javascript:alert(1)', '', 42]) {
      expect(describeNotification({ type: 'mention', data: { title: 'x', url } }).url).toBeNull();
    }
    expect(describeNotification({ type: 'assigned', data: { title: 'x', url: '/recruitment/r1' } }).url).toBe('/recruitment/r1');
  });
});
