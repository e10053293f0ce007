import { forbidden, words } from '../errors';
import { userChannel } from './pusher';

/** A person may listen only on their own private channel. */
export function assertOwnChannel(userId: string, channel: string): void {
  if (channel !== userChannel(userId))
    throw forbidden('You can only listen on your own channel.', words('ownChannelOnly'));
}
