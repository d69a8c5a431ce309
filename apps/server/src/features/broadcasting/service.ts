import { ERROR_TEXTS } from '@hireloop/contract/errors';
import { userChannel } from '@hireloop/contract/realtime';
import type { RealtimeConfig } from '../../config.ts';
import { AppError } from '../../http/errors.ts';
import { channelAuth } from '../../realtime/signing.ts';

/**
 * Signs `socketId` into the user's own private channel. Every other channel (another user's,
 * public, presence, anything unknown) is refused with 403: the only channel the product uses is
 * `private-User.{id}`.
 */
export function authoriseChannel(config: Pick<RealtimeConfig, 'key' | 'secret'>, userId: string, socketId: string, channel: string) {
  if (channel !== userChannel(userId)) throw new AppError('forbidden', ERROR_TEXTS.forbidden);
  return { auth: channelAuth(config.key, config.secret, socketId, channel) };
}
